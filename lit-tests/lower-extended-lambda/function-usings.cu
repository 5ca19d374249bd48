// The body may name what a using-directive or using-declaration of the
// enclosing function brings in (AMReX_Random.cpp: `using namespace amrex;`
// then `ULong` in the lambda). The functor lives outside the function and a
// class scope cannot hold a using-directive: its operator() opens the
// usings in scope at the lambda, outer blocks first.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

namespace lib {
using ULong = unsigned long;
struct Seed { int v; };
enum class Mode { fast, exact };
} // namespace lib

template <class F> __global__ void apply(F f, int n) {
  if (threadIdx.x < n)
    f(threadIdx.x);
}

// CHECK-FIXES: __device__ void operator()(int i) const { using namespace lib; using lib::Seed;
// CHECK-FIXES-NEXT: ULong s = ULong(i) * 3;
void seed(unsigned long *out, int n) {
  using namespace lib;
  {
    using lib::Seed;
    apply<<<1, n>>>([=] __device__ (int i) {
      ULong s = ULong(i) * 3;
      Seed z{1};
      out[i] = s + z.v;
    }, n);
    // CHECK-MESSAGES: :[[@LINE-5]]:21: warning: __device__ lambda lowered to functor 'seed_lambda_1'
  }
  // A using after the lambda, or in a block that does not hold it, is not
  // in scope there.
  { using lib::Mode; }
  using lib::Seed;
}

// The signature is outside operator()'s body: what it names through a
// using is spelled in full.
// CHECK-FIXES: __device__ lib::ULong operator()(lib::Seed s) const { using namespace lib; return ULong(s.v) + n; }
void total(lib::Seed *seeds, int n) {
  using namespace lib;
  auto f = [=] __device__ (Seed s) -> ULong { return ULong(s.v) + n; };
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __device__ lambda lowered to functor 'total_lambda_1'
  apply<<<1, n>>>([=] __device__ (int i) { seeds[i].v = int(f(seeds[i])); }, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'total_lambda_2'
}
