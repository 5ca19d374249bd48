// A `static const` integral member with a constant initialiser (and no
// definition outside the class) that device code uses only for its value:
// as a template argument, an array bound, an operand folded to a constant.
// Those are not odr-uses; nvcc accepts them without any flag (the RUN line
// with -DONLY_VALUE_USES checks it) and nothing is reported. Binding a
// reference or taking the address is an odr-use nvcc rejects ("identifier
// is undefined in device code"): still reported.
// RUN: %check_cuda_lower --messages-arg=--implicit-check-not='[exec-space-host-variable]' --no-compile %s exec-space-host-variable %t
// RUN: %nvcc -DONLY_VALUE_USES -c %s -o %t.o
#include <cuda/std/__algorithm/min.h>

struct Tile {
  static const int N = 4;
  static const unsigned M = 8u;
};
template <int K> struct Buffer { int v[K]; };
template <int K> __device__ int width() { return K; }

__device__ int as_template_argument(int x) {
  Buffer<Tile::N> b{};
  b.v[0] = x;
  return b.v[0] + width<Tile::N>();
}
__device__ int as_array_bound(int x) {
  __shared__ int tile[Tile::N * Tile::M];
  tile[0] = x;
  return tile[0] + int(sizeof(int[Tile::N]));
}
__device__ int in_constant_expressions(int x) {
  constexpr int twice = Tile::N * 2;
  static_assert(Tile::N == 4, "");
  switch (x) {
  case Tile::N:
    return twice;
  default:
    break;
  }
  if constexpr (Tile::M > 2)
    return x;
  return 0;
}
__device__ int as_values(int x, bool wide) {
  return (wide ? Tile::N : Tile::N) + x * Tile::N - int(Tile::M);
}

// Template case: the same uses in an instantiated function template.
template <class T> __device__ T scaled(T x) {
  Buffer<Tile::N> b{};
  b.v[0] = int(x);
  return T(b.v[0] + width<Tile::N>() + (x > 0 ? Tile::N : Tile::N));
}
template __device__ float scaled<float>(float);

// Macro case.
#define TILE_WIDTH width<Tile::N>()
__device__ int from_macro() { return TILE_WIDTH; }

// Host code is never reported.
int host_only() { return cuda::std::min(Tile::N, 3); }

#ifndef ONLY_VALUE_USES
// The odr-uses nvcc rejects are still reported.
__device__ int binds_reference(int x) { return cuda::std::min(Tile::N, x); }
// CHECK-MESSAGES: constant-members.cu:[[@LINE-1]]:69: warning: device code takes the address of, or a reference to, the host variable 'N' (§5.3.10.4.2, §5.3.11.4) (not rewritten: it has no definition in this file) [exec-space-host-variable]
// CHECK-MESSAGES: constant-members.cu:13:20: note: 'N' declared here
__device__ const int *takes_address() { return &Tile::N; }
// CHECK-MESSAGES: constant-members.cu:[[@LINE-1]]:55: warning: device code takes the address of, or a reference to, the host variable 'N' (§5.3.10.4.2, §5.3.11.4) (not rewritten: it has no definition in this file) [exec-space-host-variable]
// CHECK-MESSAGES: constant-members.cu:13:20: note: 'N' declared here
__device__ int local_reference(int x) {
  const unsigned &m = Tile::M;
  // CHECK-MESSAGES: constant-members.cu:[[@LINE-1]]:29: warning: device code takes the address of, or a reference to, the host variable 'M' (§5.3.10.4.2, §5.3.11.4) (not rewritten: it has no definition in this file) [exec-space-host-variable]
  // CHECK-MESSAGES: constant-members.cu:14:25: note: 'M' declared here
  return int(m) + x;
}
#endif
