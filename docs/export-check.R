# Load tree files written by hypersteiner in R (ape and read.csv).
# usage: Rscript export-check.R NAME…  (reads NAME.nwk and NAME.csv)
library(ape)
for (name in commandArgs(trailingOnly = TRUE)) {
  t <- read.tree(paste0(name, ".nwk"))
  e <- read.csv(paste0(name, ".csv"))
  cat(sprintf("%-9s ape %s: %d tips + %d internal nodes = %d, %d edges, sum %.17g; read.csv: %d edges, sum %.17g\n",
      name, packageVersion("ape"), Ntip(t), Nnode(t), Ntip(t) + Nnode(t), nrow(t$edge), sum(t$edge.length), nrow(e), sum(e$length)))
}
