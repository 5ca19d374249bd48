// RUN: %check_cuda_lower %s nvcc-redeclared-space %t

// Declarations of one function in different execution spaces: nvcc merges
// them into one __host__ __device__ function (warnings 20036-D, 20040-D, or
// none), Clang refuses the pair. Each declaration gets the union, which
// also silences nvcc's warnings.
#include <cstdio>

// Declared __device__, defined __host__ __device__.
__device__ int next(int);
// CHECK-MESSAGES: [[@LINE-1]]:12: warning: function 'next' is declared in other execution spaces elsewhere; nvcc merges its declarations into one __host__ __device__ function, Clang refuses them: declare it '__host__' here too, as nvcc reads it [nvcc-redeclared-space]
// CHECK-FIXES: __device__ __host__ int next(int);
__host__ __device__ int next(int x) { return x + 1; }

// The other order: the definition is the narrower one.
__host__ __device__ int twice(int);
__device__ inline int twice(int x) { return 2 * x; }
// CHECK-MESSAGES: [[@LINE-1]]:19: warning: function 'twice' is declared {{.*}} declare it '__host__' here too, as nvcc reads it [nvcc-redeclared-space]
// CHECK-FIXES: __device__ inline __host__ int twice(int x) { return 2 * x; }

// Declared __host__: it gets __device__.
__host__ int thrice(int);
// CHECK-MESSAGES: [[@LINE-1]]:10: warning: function 'thrice' is declared {{.*}} declare it '__device__' here too, as nvcc reads it [nvcc-redeclared-space]
// CHECK-FIXES: __host__ __device__ int thrice(int);
__host__ __device__ int thrice(int x) { return 3 * x; }

// Members, a member template and a constructor, declared in the class and
// defined outside it; every earlier declaration gets the keyword.
struct counter {
  __device__ int scaled(int) const;
  // CHECK-MESSAGES: [[@LINE-1]]:14: warning: function 'scaled' {{.*}} [nvcc-redeclared-space]
  // CHECK-FIXES: __device__ __host__ int scaled(int) const;
  template <class T> __device__ T same(T) const;
  // CHECK-MESSAGES: [[@LINE-1]]:33: warning: function 'same' {{.*}} [nvcc-redeclared-space]
  // CHECK-FIXES: template <class T> __device__ __host__ T same(T) const;
  __device__ counter();
  // CHECK-MESSAGES: [[@LINE-1]]:14: warning: function 'counter' {{.*}} [nvcc-redeclared-space]
  // CHECK-FIXES: __device__ __host__ counter();
  int step;
};
__host__ __device__ int counter::scaled(int x) const { return x * step; }
template <class T> __host__ __device__ T counter::same(T x) const { return x; }
__host__ __device__ counter::counter() : step(4) {}

// Spelled alike already: nothing to do.
__host__ __device__ int plain(int);
__host__ __device__ int plain(int x) { return x - 1; }

__global__ void kernel(int *out) {
  counter c;
  out[0] = next(1) + twice(2) + thrice(3) + c.scaled(5) + c.same(6) + plain(7);
}

int main() {
  counter c;
  printf("%d %d %d %d %d %d\n", next(1), twice(2), thrice(3), c.scaled(5),
         c.same(6), plain(7));
}
