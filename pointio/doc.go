// Package pointio reads point sets from CSV, .npy and JSON files.
package pointio
