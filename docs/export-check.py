"""Load tree files written by hypersteiner in the readers of docs/export.md.

usage: python3 export-check.py NAME…  (reads NAME.json, NAME.nwk, NAME.graphml,
NAME.csv and NAME-nodes.csv, as written by
  hypersteiner convert NAME.json --out NAME.nwk
  hypersteiner convert NAME.json --out NAME.graphml
  hypersteiner convert NAME.json --out NAME.csv --nodes NAME-nodes.csv)
and checks that each reader sees the tree JSON's vertices, edges and length.
"""
import json, math, sys
sys.setrecursionlimit(100000)
import networkx as nx
import igraph
import pandas as pd
import dendropy
from Bio import Phylo
from ete3 import Tree as EteTree

def report(name, consumer, nodes, edges, lengths, ref):
    n, m, L = ref
    lengths = [float(x) for x in lengths]
    total, exact = sum(lengths), math.fsum(lengths)
    ok = nodes == n and edges == m and abs(total - L) <= 1e-12 * L and exact == L
    print(f"{name:9s} {consumer:18s} nodes {nodes:5d}/{n} edges {edges:5d}/{m} sum {total!r} (rel {abs(total-L)/L:.0e}), fsum {exact!r} vs {L!r} {'OK' if ok else 'MISMATCH'}")
    return ok

ok = True
for name in sys.argv[1:]:
    t = json.load(open(name + ".json"))
    ref = (len(t["vertices"]), len(t["edges"]), t["length"])
    # Newick
    tr = Phylo.read(name + ".nwk", "newick", comments_are_confidence=True)
    cl = list(tr.find_clades())
    ok &= report(name, "Bio.Phylo 1.80", len(cl), sum(c.branch_length is not None for c in cl), [c.branch_length for c in cl if c.branch_length is not None], ref)
    assert tr.root.name == "0"
    dt = dendropy.Tree.get(path=name + ".nwk", schema="newick", preserve_underscores=True)
    nds = list(dt.preorder_node_iter())
    ok &= report(name, "dendropy " + dendropy.__version__, len(nds), sum(nd.edge.length is not None for nd in nds), [nd.edge.length for nd in nds if nd.edge.length is not None], ref)
    et = EteTree(name + ".nwk", format=1, quoted_node_names=True)
    enodes = list(et.traverse())
    ok &= report(name, "ete3 3.1.2", len(enodes), len(enodes) - 1, [nd.dist for nd in enodes if nd is not et], ref)
    # GraphML
    g = nx.read_graphml(name + ".graphml")
    ok &= report(name, "networkx " + nx.__version__, g.number_of_nodes(), g.number_of_edges(), [d["length"] for _, _, d in g.edges(data=True)], ref)
    assert g.graph["length"] == t["length"], (g.graph["length"], t["length"])
    ig = igraph.Graph.Read_GraphML(name + ".graphml")
    ok &= report(name, "igraph " + igraph.__version__, ig.vcount(), ig.ecount(), ig.es["length"], ref)
    # edge list
    e = pd.read_csv(name + ".csv", float_precision="round_trip")
    nd = pd.read_csv(name + "-nodes.csv", float_precision="round_trip")
    ok &= report(name, "pandas " + pd.__version__, len(nd), len(e), list(e["length"]), ref)
print("all OK" if ok else "MISMATCHES")
sys.exit(0 if ok else 1)
