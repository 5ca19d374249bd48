// RUN: %cuda-lower --rules=constexpr-global %s > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: diff %s %t.out.cu

// When `constexpr` itself comes from a macro, removing it would change every
// other use of the macro: the finding is reported and nothing is rewritten.
#define CONSTEXPR_KERNEL constexpr __global__
CONSTEXPR_KERNEL void k() {}
// MSG: [[@LINE-1]]:23: warning: __global__ function 'k' cannot be constexpr (§5.3.11.3) (not rewritten: 'constexpr' is spelled inside a macro) [constexpr-global]
