// Lambdas in test bodies of Catch2- and doctest-style macros: a static
// function named from __COUNTER__ (doctest's TEST_CASE, Catch2's TEST_CASE
// and its SECTION blocks) and a fixture class in an unnamed namespace the
// macro opens (Catch2's TEST_CASE_METHOD). The functors go before the
// macro's expansion, outside the namespace the macro opens.
// RUN: %check_cuda_lower %s lower-extended-lambda %t
// The original builds with the flag: the rewrite must build without it.
// RUN: %strip-checks %s > %t.orig.cu
// RUN: %nvcc-ext -c %t.orig.cu -o %t.orig.o

typedef void (*TestFn)();
int registerTest(TestFn F, const char *Name);
#define TF_CAT_(a, b) a##b
#define TF_CAT(a, b) TF_CAT_(a, b)
#define TF_TEST_CASE_IMPL(f, name)                                             \
  static void f();                                                             \
  static const int TF_CAT(f, _reg) = registerTest(f, name);                    \
  static void f()
#define TEST_CASE(name) TF_TEST_CASE_IMPL(TF_CAT(TF_ANON_FUNC_, __COUNTER__), name)
#define SECTION(name) if (const bool TF_CAT(tf_section_, __LINE__) = true)
#define TF_METHOD_IMPL(Name, Fixture, name)                                    \
  namespace {                                                                  \
  struct Name : Fixture {                                                      \
    void test();                                                               \
    static void invoke() { Name().test(); }                                    \
  };                                                                           \
  const int TF_CAT(Name, _reg) = registerTest(&Name::invoke, name);            \
  }                                                                            \
  void Name::test()
#define TEST_CASE_METHOD(Fixture, name)                                        \
  TF_METHOD_IMPL(TF_CAT(TF_ANON_CLASS_, __COUNTER__), Fixture, name)

template <class F> __global__ void apply(F f, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = f(i);
}

// CHECK-FIXES: // __device__ lambda #1 of TF_ANON_FUNC_0(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: namespace {
// CHECK-FIXES-NEXT: struct TF_ANON_FUNC_0_lambda_1 {
// CHECK-FIXES-NEXT:   int k;
// CHECK-FIXES: struct TF_ANON_FUNC_0_lambda_2 {
// CHECK-FIXES-NEXT:   int k;
// CHECK-FIXES-NEXT:   __device__ int operator()(int x) const { return x - k; }
// CHECK-FIXES: } // namespace
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: // A free test function, and a lambda in one of its sections.
// CHECK-FIXES-NEXT: TEST_CASE("scale") {

// A free test function, and a lambda in one of its sections.
TEST_CASE("scale") {
  int k = 3;
  int *out = nullptr;
  apply<<<1, 4>>>([=] __device__ (int x) { return x * k; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'TF_ANON_FUNC_0_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: apply<<<1, 4>>>(TF_ANON_FUNC_0_lambda_1{k}, out, 4);
  SECTION("shifted") {
    apply<<<1, 4>>>([=] __device__ (int x) { return x - k; }, out, 4);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'TF_ANON_FUNC_0_lambda_2' [lower-extended-lambda]
    // CHECK-FIXES: apply<<<1, 4>>>(TF_ANON_FUNC_0_lambda_2{k}, out, 4);
  }
}

struct Fixture {
  int base = 5;
};

// A method of a fixture class the macro defines in its own unnamed
// namespace: the functor goes outside it, in one of its own.
// CHECK-FIXES: // __device__ lambda #1 of TF_ANON_CLASS_1::test(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: namespace {
// CHECK-FIXES-NEXT: struct TF_ANON_CLASS_1_lambda_1 {
// CHECK-FIXES-NEXT:   int b;
TEST_CASE_METHOD(Fixture, "with a fixture") {
  int b = base;
  int *out = nullptr;
  apply<<<1, 4>>>([=] __device__ (int x) { return x + b; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'TF_ANON_CLASS_1_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: apply<<<1, 4>>>(TF_ANON_CLASS_1_lambda_1{b}, out, 4);
}

// Through `this`: the class comes after the functor, so its pointer type is
// a template parameter.
// CHECK-FIXES: // __device__ lambda #1 of TF_ANON_CLASS_2::test(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: namespace {
// CHECK-FIXES-NEXT: template <class Self>
// CHECK-FIXES-NEXT: struct TF_ANON_CLASS_2_lambda_1 {
// CHECK-FIXES-NEXT:   Self self;
// CHECK-FIXES-NEXT:   __device__ int operator()(int x) const { return x + self->base; }
// CHECK-FIXES-NEXT: };
TEST_CASE_METHOD(Fixture, "through this") {
  int *out = nullptr;
  apply<<<1, 4>>>([this] __device__ (int x) { return x + base; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'TF_ANON_CLASS_2_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: apply<<<1, 4>>>(TF_ANON_CLASS_2_lambda_1<decltype(this)>{this}, out, 4);
}

// In an unnamed namespace the user wrote: no second one.
namespace {
// CHECK-FIXES: namespace {
// CHECK-FIXES-NEXT: // __device__ lambda #1 of TF_ANON_FUNC_3(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct TF_ANON_FUNC_3_lambda_1 {
TEST_CASE("inside") {
  int *out = nullptr;
  apply<<<1, 4>>>([] __device__ (int x) { return x; }, out, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'TF_ANON_FUNC_3_lambda_1' [lower-extended-lambda]
}
} // namespace
