#!/usr/bin/env python3
"""Reference values for the hyptest oracles (hyperbolic/hyptest/oracle_test.go).

Run:  python3 testdata/hyptest/make_reference.py > testdata/hyptest/reference.tsv
Needs mpmath (tested with mpmath 1.3.0, Python 3). Every input is a float64,
written as a hexadecimal literal so that Go reads back the exact value.

The formulas here are deliberately not the ones the oracles use:
  dist   acosh of the hyperboloid product, cosh d = (1 - p.q)/sqrt((1-|p|^2)(1-|q|^2))
         (the oracle uses asinh of a cancellation-free sinh^2 form);
  angle  arccos of the Minkowski product of the tangent vectors A + <A,V>V and
         B + <B,V>V on the hyperboloid (the oracle uses atan2 in the Klein chart);
  area   pi minus the angle sum (the oracle uses tan(area/2) = |det|/(1 + sum cosh));
  fermat damped Newton's method on the gradient of the sum of the distances,
         started from the Euclidean centroid (the oracle proves a root
         of the isoptic psi system with Krawczyk);
  tree   the sum of the acosh distances of its edges.
Each value is computed twice, at 2400 and at 4800 bits, and printed (80
significant digits) with an error bound: twice the difference of the two runs
plus the printing error (half a unit of the 80th digit) plus 1e-300. acosh
near 1 (distances down to 1e-300) and arccos near +-1 (an angle near 0 or pi, a degenerate triangle's area) loses half the
working precision, which is why the bound is measured rather than assumed;
the test requires it to be below 2^-256 relative (or 1e-150 absolute).
"""
from mpmath import mp, mpf, sqrt, acosh, acos, pi, nstr

DIGITS = 80


def h(x):
    return float(x).hex()


def lor(p, q):
    # Minkowski product of the hyperboloid lifts (1, p)/sqrt(1-|p|^2).
    ap = 1 - mpf(p[0]) ** 2 - mpf(p[1]) ** 2
    aq = 1 - mpf(q[0]) ** 2 - mpf(q[1]) ** 2
    return (mpf(p[0]) * q[0] + mpf(p[1]) * q[1] - 1) / sqrt(ap * aq)


def dist(p, q):
    c = -lor(p, q)
    if c < 1:
        c = mpf(1)
    return acosh(c)


def lift(p):
    a = 1 - mpf(p[0]) ** 2 - mpf(p[1]) ** 2
    s = sqrt(a)
    return [1 / s, mpf(p[0]) / s, mpf(p[1]) / s]


def mink(u, v):
    return -u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def angle(a, v, b):
    A, V, B = lift(a), lift(v), lift(b)
    ua = [A[i] + mink(A, V) * V[i] for i in range(3)]
    ub = [B[i] + mink(B, V) * V[i] for i in range(3)]
    c = mink(ua, ub) / sqrt(mink(ua, ua) * mink(ub, ub))
    c = max(min(c, mpf(1)), mpf(-1))
    return acos(c)


def area(a, b, c):
    return pi - angle(b, a, c) - angle(a, b, c) - angle(a, c, b)


def fermat(a, b, c):
    vs = [a, b, c]

    def grad(x, y):
        gx = gy = mpf(0)
        s = (x, y)
        als = 1 - x * x - y * y
        for v in vs:
            av = 1 - mpf(v[0]) ** 2 - mpf(v[1]) ** 2
            root = sqrt(als * av)
            sv = 1 - x * v[0] - y * v[1]
            cc = sv / root
            den = sqrt(cc * cc - 1)
            gx += ((-v[0] * als + sv * x) / (als * root)) / den
            gy += ((-v[1] * als + sv * y) / (als * root)) / den
        return [gx, gy]

    def norm(g):
        return abs(g[0]) + abs(g[1])

    # Damped Newton with a central-difference Jacobian (step 10^-(digits/6)
    # of the triangle's size: the Jacobian keeps about a third of the
    # digits, and Newton's fixed point does not depend on them).
    x = (mpf(a[0]) + b[0] + c[0]) / 3
    digits = mp.prec * 3 // 10
    y = (mpf(a[1]) + b[1] + c[1]) / 3
    size = max(abs(mpf(p[i]) - q[i]) for p in vs for q in vs for i in range(2))
    hh = size * mpf(10) ** -(digits // 6)
    gcur = grad(x, y)
    for _ in range(400):
        gxp, gxm = grad(x + hh, y), grad(x - hh, y)
        gyp, gym = grad(x, y + hh), grad(x, y - hh)
        j11, j21 = (gxp[0] - gxm[0]) / (2 * hh), (gxp[1] - gxm[1]) / (2 * hh)
        j12, j22 = (gyp[0] - gym[0]) / (2 * hh), (gyp[1] - gym[1]) / (2 * hh)
        det = j11 * j22 - j12 * j21
        dx = -(j22 * gcur[0] - j12 * gcur[1]) / det
        dy = -(-j21 * gcur[0] + j11 * gcur[1]) / det
        t = mpf(1)
        while True:
            nx, ny = x + t * dx, y + t * dy
            if nx * nx + ny * ny < 1:
                gn = grad(nx, ny)
                if norm(gn) < norm(gcur) or t < mpf(2) ** -60:
                    break
            t /= 2
        x, y, gcur = nx, ny, gn
        if abs(t * dx) + abs(t * dy) < size * mpf(10) ** -(digits * 3 // 5):
            break
    assert norm(gcur) * size < mpf(10) ** -(digits // 2), (norm(gcur), size)
    return x, y


def out(kind, pts, f):
    """Prints f(*pts) (a list of values) with an error bound for each."""
    mp.prec = 2400
    lo = f(*pts)
    mp.prec = 4800
    hi = f(*pts)
    cols = []
    for a, b in zip(lo, hi):
        text = nstr(b, DIGITS, strip_zeros=False)
        err = 2 * abs(b - a) + abs(b - mpf(text)) + mpf(10) ** -300
        cols += [text, nstr(err, 3)]
    print("\t".join([kind] + [h(p[0]) + "," + h(p[1]) for p in pts] + cols))


one_ulp = 1 - 2.0 ** -53
print("# kind\tpoints (hex x,y)...\tvalue, error bound (per value); generated by make_reference.py (mpmath, 2400 and 4800 bits)")

# distances
dist_cases = [
    ((0.0, 0.0), (0.5, 0.0)),
    ((0.3, -0.2), (-0.6, 0.7)),
    ((one_ulp, 0.0), (0.0, 0.0)),
    ((one_ulp, 0.0), (-one_ulp, 0.0)),
    ((0.7071067811865475, 0.7071067811865475), (0.0, 0.1)),
    ((1 - 2.0 ** -40, 0.0), (1 - 2.0 ** -40, 1e-20)),
    ((0.25, 0.25), (0.25 + 2.0 ** -60, 0.25)),
    ((1e-300, 0.0), (0.0, 5e-324)),
    ((0.9, 0.4), (0.9, 0.4)),
    ((-0.999999, 0.0001), (0.5, -0.86)),
]
for p, q in dist_cases:
    out("dist", [p, q], lambda p, q: [dist(p, q)])

# angles (at the middle point)
conv = []
p0, q0, p1, q1, i = 1, 0, 1, 1, 1
while p1 < 2 ** 53:
    conv.append((p1, q1))
    a_ = 2 - i % 2  # partial quotients a1, a2, ... = 1, 2, 1, 2, ...
    p0, p1 = p1, a_ * p1 + p0
    q0, q1 = q1, a_ * q1 + q0
    i += 1
P, Q = conv[-1]
e = P.bit_length()
angle_cases = [
    ((0.75, 0.0), (0.5, 0.0), (0.375, 0.25)),                      # exactly 120 degrees
    ((0.5, 0.0), (0.0, 0.0), (-Q * 2.0 ** (-e - 1), P * 2.0 ** (-e - 1))),  # 120 deg + ~1e-32
    ((0.5, 0.0), (0.0, 0.0), (0.5, 1e-25)),                         # tiny angle
    ((0.1, 0.2), (0.3, 0.2), (0.5, 0.2 + 2.0 ** -50)),               # nearly pi
    ((one_ulp, 0.0), (0.0, 0.0), (0.0, one_ulp)),
    ((0.9, 0.3), (0.95, 0.3), (0.95, 0.31)),
    ((-0.5, -0.5), (0.2, 0.1), (0.6, -0.7)),
    ((0.25, 0.25), (0.25 + 2.0 ** -40, 0.25), (0.25, 0.25 + 2.0 ** -40)),
]
for a, v, b in angle_cases:
    out("angle", [a, v, b], lambda a, v, b: [angle(a, v, b)])

# areas
area_cases = [
    ((0.5, 0.0), (0.0, 0.5), (-0.3, -0.2)),
    ((one_ulp, 0.0), (-0.5, one_ulp * 0.8660254037844386), (-0.5, -0.8660254037844386)),
    ((0.25, 0.25), (0.25 + 2.0 ** -30, 0.25), (0.25, 0.25 + 2.0 ** -30)),
    ((0.1, 0.1), (0.2, 0.2), (0.3, 0.3)),                            # collinear: 0
    ((0.9, 0.0), (0.0, 0.9), (-0.6, -0.6)),
]
for a, b, c in area_cases:
    out("area", [a, b, c], lambda a, b, c: [area(a, b, c)])

# Fermat points
fermat_cases = [
    ((0.5, 0.0), (-0.25, 0.4), (-0.25, -0.4)),
    ((0.1, 0.1), (0.3, 0.12), (0.2, 0.3)),
    ((0.9, 0.0), (0.0, 0.9), (-0.6, -0.6)),
    ((0.25, 0.25), (0.25 + 1e-7, 0.25), (0.25, 0.25 + 1e-7)),
    ((-0.7, 0.1), (0.6, 0.05), (0.0, 0.8)),
]
# the angle at the origin is pi - atan(p/q), just below 120 degrees for a
# convergent p/q > sqrt(3): the Fermat point is very close to that vertex
for pp, qq in conv:
    if qq > 10 ** 5 and pp * pp > 3 * qq * qq:
        sc = 2.0 ** (-pp.bit_length() - 1)
        fermat_cases.append(((0.5, 0.0), (0.0, 0.0), (-qq * sc, pp * sc)))
        break
for a, b, c in fermat_cases:
    out("fermat", [a, b, c], lambda a, b, c: list(fermat(a, b, c)))

# a tree: a star and a path, edges (0,1) (0,2) (0,3) (3,4)
tree = [(0.1, 0.05), (0.6, 0.0), (-0.3, 0.5), (-0.2, -0.6), (one_ulp * 0.6, -0.8)]
edges = [(0, 1), (0, 2), (0, 3), (3, 4)]
out("tree", tree, lambda *t: [sum(dist(t[i], t[j]) for i, j in edges)])
