// nvcc accepts `if constexpr (this->has_payload)` where has_payload is a
// static constexpr member; Clang rejects the use of `this` in a constant
// expression, with no switch to turn that off. cuda-lower stops (exit 3),
// names the place and the spelling both compilers accept, and writes nothing.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: cp %s %t.cu
// RUN: %expect-exit 3 %cuda-lower -i %t.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: diff %s %t.cu

// Template case: the member is the template's.
template <bool Payload> struct slot {
  static constexpr bool has_payload = Payload;
  int payload;
  __device__ int value() const {
    if constexpr (this->has_payload)
      // CHECK: [[@LINE-1]]:19: error: constexpr if condition is not a constant expression
      // CHECK: [[@LINE-2]]:19: note: nvcc accepts 'this->' naming a static member in 'if constexpr'; Clang does not: name the member without 'this->', which both compilers accept
      return payload;
    else
      return 0;
  }
};
__global__ void read(slot<true> s, int *out) { out[0] = s.value(); }
// CHECK: error: the {{host|device}} compilation pass did not parse; nothing was written
