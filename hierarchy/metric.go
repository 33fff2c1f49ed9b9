package hierarchy

import (
	"errors"
	"fmt"
	"math"
)

// ErrAges is wrapped by the errors of AgeError.
var ErrAges = errors.New("cannot compare ages")

// AgeError is the cell-age error of the HyperSteiner paper (§5.2) between
// the ages predicted by a tree, pred[i] = the tree distance from the root
// cell to cell i, and the ground truth (the PAGA pseudotime). Following
// the paper's code (realExperiments.ipynb of AGarciaCast/HyperSteiner),
// each vector is divided by its own maximum and the error is the Euclidean
// norm of the difference divided by √n, the root-mean-square difference:
//
//	AgeError = ‖pred/max(pred) − truth/max(truth)‖₂ / √n.
//
// pred holds the terminals only (the Steiner points or internal nodes of
// the tree are excluded, and do not take part in the maximum). Both
// vectors must have the same length n ≥ 1, finite entries ≥ 0 and a
// positive maximum; otherwise the error wraps ErrAges and names the first
// bad index. The norm is computed with scaling (no overflow or underflow).
func AgeError(pred, truth []float64) (float64, error) {
	if len(pred) != len(truth) || len(pred) == 0 {
		return 0, fmt.Errorf("hierarchy: %w: %d predicted ages for %d ground-truth ages", ErrAges, len(pred), len(truth))
	}
	mp, err := maxAge(pred, "predicted")
	if err != nil {
		return 0, err
	}
	mt, err := maxAge(truth, "ground-truth")
	if err != nil {
		return 0, err
	}
	// Scaled sum of squares, as in BLAS dnrm2.
	scale, ssq := 0.0, 1.0
	for i := range pred {
		x := math.Abs(pred[i]/mp - truth[i]/mt)
		if x == 0 {
			continue
		}
		if scale < x {
			ssq = 1 + ssq*(scale/x)*(scale/x)
			scale = x
		} else {
			ssq += (x / scale) * (x / scale)
		}
	}
	return scale * math.Sqrt(ssq/float64(len(pred))), nil
}

func maxAge(v []float64, what string) (float64, error) {
	m := 0.0
	for i, x := range v {
		if !(x >= 0) || math.IsInf(x, 1) {
			return 0, fmt.Errorf("hierarchy: %w: %s age %d is %v (ages must be finite and ≥ 0)", ErrAges, what, i, x)
		}
		m = max(m, x)
	}
	if m == 0 {
		return 0, fmt.Errorf("hierarchy: %w: all %s ages are 0, so they cannot be normalised by their maximum", ErrAges, what)
	}
	return m, nil
}
