package homotopy

// hasAVX2FMA reports whether the processor has AVX2 and FMA and the
// operating system saves the YMM registers, the conditions of the vector
// kernel. It asks the processor directly, where golang.org/x/sys/cpu
// would do: that package queries every feature in its init, and on a
// virtual machine each CPUID traps to the hypervisor, a cost every command
// paid at start-up whether or not it ever tracked a path.
func hasAVX2FMA() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	const (
		fma     = 1 << 12 // CPUID.1:ECX
		osxsave = 1 << 27 // CPUID.1:ECX: XGETBV is enabled
		avx     = 1 << 28 // CPUID.1:ECX
		avx2    = 1 << 5  // CPUID.(7,0):EBX
		ymmXmm  = 1<<2 | 1<<1
	)
	if _, _, ecx, _ := cpuid(1, 0); ecx&(fma|osxsave|avx) != fma|osxsave|avx {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&ymmXmm != ymmXmm {
		return false // the OS does not save the YMM state
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&avx2 != 0
}

// cpuid executes CPUID with EAX = leaf and ECX = sub.
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns the extended control register XCR0.
func xgetbv() (eax, edx uint32)
