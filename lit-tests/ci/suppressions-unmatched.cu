// RUN: %check_cuda_lower --no-compile --expect-exit=1 %s constexpr-global %t
// Unmatched or unknown suppression comments are errors, as NOLINTBEGIN's are;
// a begin without its end suppresses nothing.

// cuda-lower: ignore-end
// CHECK-MESSAGES: [[@LINE-1]]:4: error: 'cuda-lower: ignore-end' without a matching ignore-begin [cuda-lower-suppression]

// cuda-lower: ignore-begin(constexpr-global)
// CHECK-MESSAGES: [[@LINE-1]]:4: error: 'cuda-lower: ignore-begin' without a matching ignore-end; nothing after it is suppressed [cuda-lower-suppression]
constexpr __global__ void k(float *p) {}
// CHECK-MESSAGES: [[@LINE-1]]:27: warning: __global__ function 'k' cannot be constexpr (§5.3.11.3) [constexpr-global]
// CHECK-FIXES: __global__ void k(float *p) {}

// An end with another rule list does not close it.
// cuda-lower: ignore-end(std-to-cuda-std)
// CHECK-MESSAGES: [[@LINE-1]]:4: error: 'cuda-lower: ignore-end' without a matching ignore-begin [cuda-lower-suppression]

// cuda-lower: ignore-nextline
// CHECK-MESSAGES: [[@LINE-1]]:4: error: unknown cuda-lower directive 'ignore-nextline' (ignore, ignore-next-line, ignore-begin or ignore-end) [cuda-lower-suppression]
// cuda-lower: ignore(constexpr-global
// CHECK-MESSAGES: [[@LINE-1]]:4: error: missing ')' after the rule list of 'cuda-lower: ignore' [cuda-lower-suppression]
