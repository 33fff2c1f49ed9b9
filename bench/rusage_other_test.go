//go:build !unix

package bench

func maxRSS() (int64, bool) { return 0, false }
