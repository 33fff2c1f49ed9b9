// Package fermat computes Fermat (Steiner) points of hyperbolic triangles
// with interchangeable solver strategies.
package fermat
