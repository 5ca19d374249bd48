// A library header in the style of a GPU hash table: a view type nested in
// the table, named without `template` (nvcc accepts it).
#pragma once

template <class T> struct table {
  template <class U = T> struct view {
    U first;
  };
};

struct add {
  template <int N> __device__ int operator()(int x) const { return x + N; }
};

template <class T, class F> __global__ void fill(T *out, F f) {
  typename table<T>::view<> v{};
  // CHECK-FIXES-HEADER: typename table<T>::template view<> v{};
  out[threadIdx.x] = f(threadIdx.x) + v.first;
}
