// Package homotopy solves square polynomial systems by homotopy continuation:
// total-degree and parameter homotopies, predictor–corrector path tracking,
// endgames and classification of the end points.
package homotopy
