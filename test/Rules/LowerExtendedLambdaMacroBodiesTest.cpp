// Lambdas written whole in macro bodies: which uses are expanded one level,
// what the expansion holds, and which are refused (lit:
// lower-extended-lambda/macro-bodies.cu).
#include "RuleTester.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

const char *Loops =
    "template <class F> __global__ void k(int n, F f) { f(n); }\n"
    "template <class F> void each(int n, F f) { k<<<1, 1>>>(n, f); }\n"
    "template <class F, class G> void two(int n, F f, G g) { each(n, f); "
    "g(n); }\n";

test::LowerResult lower(llvm::StringRef Macros, llvm::StringRef Code) {
  return test::runRules(std::string(Loops) + Macros.str() + "\n" + Code.str(),
                        "lower-extended-lambda");
}

TEST(LowerExtendedLambda, MacroBodyUseIsExpandedOneLevel) {
  auto R = lower("#define DEV __device__\n"
                 "#define CONST 2\n"
                 "#define FORALL(i, n, ...) each(n, [=] DEV (int i) { "
                 "__VA_ARGS__ })",
                 "void f(int *a, int n) { FORALL(j, n, a[j] = CONST;); }\n");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  // The parameter takes the argument's name; macros in the argument stay.
  EXPECT_NE(R.Output.find("void operator()(int j) const { a[j] = CONST; }"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find("{ each(n, f_lambda_1{a}); }"), std::string::npos)
      << R.Output;
  // The definition stays for other uses.
  EXPECT_NE(R.Output.find("#define FORALL(i, n, ...)"), std::string::npos);
}

TEST(LowerExtendedLambda, MacroBodyArgumentWrittenTwiceKeepsTheHostLambda) {
  auto R = lower("#define FORALL(i, n, ...) two(n, [=] __device__ (int i) { "
                 "__VA_ARGS__ }, [&] (int i) { __VA_ARGS__ })",
                 "void f(int *a, int n) { FORALL(i, n, a[i] += 1;); }\n");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("two(n, f_lambda_1{a}, [&] (int i) { a[i] += 1; })"),
            std::string::npos)
      << R.Output;
}

TEST(LowerExtendedLambda, MacroBodyWithTwoDeviceLambdasGetsTwoFunctors) {
  auto R = lower("#define BOTH(i, n, ...) two(n, [=] __device__ (int i) { "
                 "__VA_ARGS__ }, [=] __host__ __device__ (int i) { "
                 "__VA_ARGS__ })",
                 "void f(int *a, int n) { BOTH(i, n, a[i] += 1;); }\n");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("two(n, f_lambda_1{a}, f_lambda_2{a})"),
            std::string::npos)
      << R.Output;
}

TEST(LowerExtendedLambda, ObjectLikeMacroLambdaInAnotherMacrosArgument) {
  auto R = lower("#define BUMP [=] __device__ (int i) { a[i] += 1; }\n"
                 "#define LAUNCH(n, f) each(n, f)",
                 "void f(int *a, int n) { LAUNCH(n, BUMP); }\n");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("LAUNCH(n, f_lambda_1{a});"), std::string::npos)
      << R.Output;
}

TEST(LowerExtendedLambda, MacroBodyOfAMacroUsedInTurnIsExpandedToo) {
  // OUTER forwards to INNER, whose body writes the lambda: both are
  // expanded, other macros (DEV) are not.
  auto R = lower("#define DEV __device__\n"
                 "#define INNER(n, i, block) each(n, [=] DEV (int i) "
                 "block)\n"
                 "#define OUTER(...) INNER(__VA_ARGS__)",
                 "void f(int *a, int n) { OUTER(n, i, { a[i] = 0; }); }\n");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("{ each(n, f_lambda_1{a}); }"), std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("(the use of 'OUTER' is expanded one level, "
                               "and 'INNER' in it)"),
            std::string::npos)
      << R.Diagnostics;
}

TEST(LowerExtendedLambda, MacroBodyRefusals) {
  // A macro whose name another macro chooses among its arguments: its use
  // is not text of the expansion above it.
  auto R = lower("#define PICK(_1, _2, NAME, ...) NAME\n"
                 "#define ONE(n, block) each(n, [=] __device__ (int i) "
                 "block)\n"
                 "#define LAUNCH(...) PICK(__VA_ARGS__, ONE, x)(__VA_ARGS__)",
                 "void f(int *a, int n) { LAUNCH(n, { a[i] = 0; }); }\n");
  EXPECT_NE(R.Diagnostics.find("not lowered: the lambda is written in a "
                               "macro body, and the macro 'ONE' is named by "
                               "another macro's expansion, which cuda-lower "
                               "does not write out; expand the macro"),
            std::string::npos)
      << R.Diagnostics;
  // __VA_OPT__ (C++20) is not written out.
  R = test::runRules(std::string(Loops) +
                         "#define OPT(n, ...) each(n, [=] __device__ (int i) "
                         "{ __VA_OPT__(__VA_ARGS__;) })\n"
                         "void f(int *a, int n) { OPT(n, a[i] = 0); }\n",
                     "lower-extended-lambda", {}, "input.cu", {"-std=c++20"});
  EXPECT_NE(R.Diagnostics.find("uses __VA_OPT__"), std::string::npos)
      << R.Diagnostics;
}

} // namespace
