// Package hyperbolic is the geometry of the hyperbolic plane: its models,
// distances, angles, geodesics, isometries and random samplers.
package hyperbolic
