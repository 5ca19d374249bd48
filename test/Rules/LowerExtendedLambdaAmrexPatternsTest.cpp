// Decisions of lower-extended-lambda met in AMReX's headers (lit:
// lower-extended-lambda/branch-straddle.cu, decltype-of-locals.cu,
// trait-partial-specialization.cu, reopened-namespace.cu).
#include "RuleTester.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

constexpr llvm::StringLiteral Trait =
    "#include <type_traits>\n"
    "template <class T, class E = void> struct R : std::true_type {};\n"
    "template <class T> struct R<T, std::enable_if_t<"
    "__nv_is_extended_device_lambda_closure_type(T)>> : std::false_type {};\n"
    "template <class F> __global__ void k(F f) { f(0); }\n";

TEST(LowerExtendedLambda, TraitBecomesADependentFalseOnceEveryLambdaIsLowered) {
  auto R = test::runRules(Trait.str() +
                              "void f(int *v) { k<<<1, 1>>>([=] __device__ "
                              "(int i) { v[i] = 1; }); }\n",
                          "lower-extended-lambda");
  EXPECT_NE(R.Output.find("std::enable_if_t<(false && sizeof(void (*)(T)))>"),
            std::string::npos)
      << R.Output;
}

TEST(LowerExtendedLambda, TraitStaysWhileALambdaStays) {
  // The trait chooses g's path for the lambda, which is refused: it still
  // needs --extended-lambda, where the trait must keep nvcc's answer.
  auto R = test::runRules(
      Trait.str() +
          "template <class F> void g(F f) { if constexpr ("
          "__nv_is_extended_device_lambda_closure_type(F)) k<<<1, 1>>>(f); }\n"
          "void f(int *v) { g([=] __device__ (int i) { v[i] = 1; }); }\n",
      "lower-extended-lambda");
  EXPECT_NE(R.Diagnostics.find("lambda not lowered"), std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Output.find("std::enable_if_t<"
                          "__nv_is_extended_device_lambda_closure_type(T)>"),
            std::string::npos)
      << R.Output;
  EXPECT_EQ(R.Output.find("sizeof(void (*)("), std::string::npos) << R.Output;
}

TEST(LowerExtendedLambda, DecltypeOfAnUncapturedLocalIsItsDeclaredType) {
  auto R = test::runRules(
      "template <class F> __global__ void k(F f) { f(0); }\n"
      "struct Box { using Type = double; };\n"
      "void f(double *v) {\n"
      "  Box box;\n"
      "  using T = decltype(box)::Type;\n"
      "  k<<<1, 1>>>([=] __device__ (int i) -> T { return v[i]; });\n"
      "}\n",
      "lower-extended-lambda");
  EXPECT_NE(R.Output.find("  using T = Box::Type;\n  double *v;\n"),
            std::string::npos)
      << R.Output;
  EXPECT_EQ(R.Output.find("Box box;\n  double"), std::string::npos)
      << "box must not become a member: " << R.Output;
}

TEST(LowerExtendedLambda, UsingsInScopeAtTheLambdaOpenInItsOperator) {
  auto R =
      test::runRules("namespace n { using U = unsigned; }\n"
                     "template <class F> __global__ void k(F f) { f(0); }\n"
                     "void f(unsigned *v) {\n"
                     "  { using namespace n; }\n"
                     "  using namespace n;\n"
                     "  k<<<1, 1>>>([=] __device__ (int i) { v[i] = U(i); });\n"
                     "  using n::U;\n"
                     "}\n",
                     "lower-extended-lambda");
  // Only the one in scope: not the one in the closed block, not the later.
  EXPECT_NE(R.Output.find("const { using namespace n; v[i] = U(i); }"),
            std::string::npos)
      << R.Output;
}

} // namespace
