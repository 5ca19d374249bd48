// Captures of structured bindings (C++20): the functor's members and their
// types (lit: lower-extended-lambda/structured-bindings.cu).
#include "RuleTester.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

TEST(LowerExtendedLambda, StructuredBindingCapturesCopyWhatTheNamesReferTo) {
  auto R =
      test::runRules("#include <tuple>\n"
                     "template <class F> __global__ void k(F f) { f(0); }\n"
                     "struct S { const long w; int c; };\n"
                     "void f(S &s, int a, int b) {\n"
                     "  auto &[w, c] = s;\n"
                     "  auto [ra, rb] = std::tie(a, b);\n"
                     "  k<<<1, 1>>>([w, c, ra, rb] __device__ (int i) { "
                     "(void)(w + c + ra + rb + i); });\n"
                     "}\n",
                     "lower-extended-lambda", {}, "input.cu", {"-std=c++20"});
  // A struct member's declared type, cv dropped as for variables; a
  // reference of std::tie, the type it refers to; never tuple_element.
  EXPECT_NE(R.Output.find("  long w;\n  int c;\n  int ra;\n  int rb;\n"),
            std::string::npos)
      << R.Output;
  EXPECT_EQ(R.Output.find("tuple_element"), std::string::npos) << R.Output;
  EXPECT_NE(R.Output.find("{w, c, ra, rb}"), std::string::npos) << R.Output;
}

TEST(LowerExtendedLambda, StructuredBindingsInTemplatesAreDecltyped) {
  // [=] in a template: Clang leaves the captures to each instantiation; the
  // bindings the body names are found and typed where they are in scope.
  auto R = test::runRules(
      "#include <utility>\n"
      "template <class F> __global__ void k(F f) { f(0); }\n"
      "template <class T> void f(std::pair<T, T> p, T *out) {\n"
      "  auto [x, y] = p;\n"
      "  k<<<1, 1>>>([=] __device__ (int i) { out[i] = x + y; });\n"
      "}\n",
      "lower-extended-lambda", {}, "input.cu", {"-std=c++20"});
  EXPECT_NE(R.Output.find("template <class T, class x_capture_t, class "
                          "y_capture_t>"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find("::cuda::std::remove_reference_t<decltype(x)>"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find("{out, x, y}"), std::string::npos) << R.Output;
}

TEST(LowerExtendedLambda, ArrayStructuredBindingsAreRefused) {
  auto R = test::runRules(
      "template <class F> __global__ void k(F f) { f(0); }\n"
      "struct P { int v[2]; };\n"
      "void f(P p, int *out) {\n"
      "  auto [v] = p;\n"
      "  k<<<1, 1>>>([=] __device__ (int i) { out[i] = v[0]; });\n"
      "}\n",
      "lower-extended-lambda", {}, "input.cu", {"-std=c++20"});
  EXPECT_NE(
      R.Diagnostics.find("the captured structured binding 'v' is an array"),
      std::string::npos)
      << R.Diagnostics;
  EXPECT_EQ(R.Output.find("struct f_lambda_1"), std::string::npos) << R.Output;
}

} // namespace
