// nvcc accepts a dependent member template named without `template`
// (`typename table<T>::view<>`, `p.operator()<0>(x)`); Clang 22 has no
// switch for it outside -fms-compatibility. cuda-lower stops (exit 3), names
// the place and the spelling both compilers accept, and writes nothing.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: cp %s %t.cu
// RUN: %expect-exit 3 %cuda-lower -i %t.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: diff %s %t.cu

template <class T> struct table {
  template <class U = T> struct view {
    U first;
  };
};

// Template case: the nested template of a dependent type.
template <class T> __global__ void first(T *out, table<T>) {
  typename table<T>::view<> v{};
  // CHECK: [[@LINE-1]]:22: error: use 'template' keyword to treat 'view' as a dependent template name
  // CHECK: [[@LINE-2]]:22: note: nvcc accepts a dependent member template named without 'template'; Clang does not: write 'template' before the name, which both compilers accept
  out[0] = v.first;
}
template __global__ void first<int>(int *, table<int>);

// Macro case: an explicit call operator template, through a macro.
#define CALL_AT(f, n, x) f.operator()<n>(x)
template <class F> __device__ int call(F f, int x) { return CALL_AT(f, 2, x); }
struct add {
  template <int N> __device__ int operator()(int x) const { return x + N; }
};
__global__ void use(int *out) { out[0] = call(add{}, 1); }
// CHECK: error: the {{host|device}} compilation pass did not parse; nothing was written
