package bench

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/sll"
)

// Config is a configuration of the pipeline: the largest full Steiner
// tree and the plane with its Fermat strategy.
type Config struct {
	Name      string // as given: "euclidean", "4+simple", …
	FST       int    // 3 or 4
	Euclidean bool   // the Euclidean SLL (closed-form Fermat points)
	Solver    string // the fermat strategy's name; "" when Euclidean
}

// ParseConfig parses "euclidean" (4-terminal trees), "K+euclidean" or
// "K+NAME" with K ∈ {3, 4}. It checks the syntax only; NAME is resolved by
// Space, at run time, so that any strategy package fermat registers can
// be named.
func ParseConfig(s string) (Config, error) {
	s = strings.TrimSpace(s)
	if s == "euclidean" {
		return Config{Name: s, FST: 4, Euclidean: true}, nil
	}
	k, name, ok := strings.Cut(s, "+")
	if !ok {
		return Config{}, fmt.Errorf("%w %q: want euclidean or K+NAME (K = 3 or 4, NAME a Fermat strategy)", ErrBadConfig, s)
	}
	fst, err := strconv.Atoi(k)
	if err != nil || (fst != 3 && fst != 4) {
		return Config{}, fmt.Errorf("%w %q: the number of terminals %q is not 3 or 4", ErrBadConfig, s, k)
	}
	if name == "" {
		return Config{}, fmt.Errorf("%w %q: no strategy after '+'", ErrBadConfig, s)
	}
	if name == "euclidean" {
		return Config{Name: s, FST: fst, Euclidean: true}, nil
	}
	return Config{Name: s, FST: fst, Solver: name}, nil
}

// ParseConfigs parses a comma-separated list of configurations.
func ParseConfigs(list string) ([]Config, error) {
	var cs []Config
	for _, f := range strings.Split(list, ",") {
		c, err := ParseConfig(f)
		if err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// Strategy resolves the configuration's Fermat strategy (nil when
// Euclidean); an unknown name is an error wrapping ErrBadConfig.
func (c Config) Strategy() (fermat.Solver, error) {
	if c.Euclidean {
		return nil, nil
	}
	s, err := lookupStrategy(c.Solver)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %v", ErrBadConfig, c.Name, err)
	}
	return s, nil
}

// Space returns the plane of the configuration with its strategy.
func (c Config) Space() (sll.Space, error) {
	if c.Euclidean {
		return sll.Euclidean(), nil
	}
	s, err := c.Strategy()
	if err != nil {
		return nil, err
	}
	return sll.Hyperbolic(s), nil
}

// Available reports whether the configuration's strategy resolves now.
func (c Config) Available() bool {
	_, err := c.Strategy()
	return err == nil
}
