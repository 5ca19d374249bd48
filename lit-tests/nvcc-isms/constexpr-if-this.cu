// nvcc accepts `if constexpr (this->has_payload)` where has_payload is a
// static constexpr member; Clang rejects the use of `this` in a constant
// expression when it instantiates the function, with no switch to turn
// that off (cuCollections' open_addressing_impl::extract_key). cuda-lower
// reads the member as `slot::has_payload`, which both accept, and rule
// nvcc-lenient-constexpr writes it (its own test compiles the output with
// plain nvcc). With the rule off, it stops (exit 3), names the place and
// the spelling both compilers accept, and writes nothing.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower %t.cu > %t.out.cu 2> %t.fixed.err
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t.out.cu
// RUN: FileCheck %s --check-prefix=CHECK-MESSAGES --input-file=%t.fixed.err
// RUN: cp %t.cu %t.i.cu
// RUN: %expect-exit 3 %cuda-lower -i %t.i.cu --disable nvcc-lenient-constexpr 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// RUN: diff %t.cu %t.i.cu

// Template case: the member is the template's.
template <bool Payload> struct slot {
  static constexpr bool has_payload = Payload;
  int payload;
  __device__ int value() const {
    if constexpr (this->has_payload)
      // CHECK-FIXES: if constexpr (slot::has_payload)
      // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:19: warning: static member 'has_payload' is named through 'this' {{.*}} [nvcc-lenient-constexpr]
      // ERR: [[@LINE-3]]:19: error: constexpr if condition is not a constant expression
      // ERR: [[@LINE-4]]:19: note: nvcc accepts 'this->' naming a static member in 'if constexpr'; Clang does not: name the member through its class ('slot::has_payload'), which both compilers accept
      return payload;
    else
      return 0;
  }
};
__global__ void read(slot<true> s, int *out) { out[0] = s.value(); }
// ERR: error: the {{host|device}} compilation pass did not parse; nothing was written
