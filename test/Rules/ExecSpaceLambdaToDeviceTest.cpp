//===--- ExecSpaceLambdaToDeviceTest.cpp - exec-space-lambda-to-device ----===//

#include "RuleTester.h"
#include "Analysis/PlainLambdas.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using cudalower::ExecSpace;
using cudalower::PlainLambdaIndex;
using cudalower::test::parseCuda;
using cudalower::test::runRules;

namespace {

constexpr const char *Kernel =
    "template <class F> __global__ void k(F f, int *o) { o[0] = f(1); }\n";

/// The space chosen for each lambda of \p Code, in source order.
std::vector<ExecSpace> spaces(llvm::StringRef Code) {
  auto AST = parseCuda(Code);
  PlainLambdaIndex Index(AST->getASTContext(),
                         [](SourceLocation) { return true; });
  std::vector<ExecSpace> Out;
  for (const BoundNodes &N :
       match(lambdaExpr(unless(isExpansionInSystemHeader())).bind("l"),
             AST->getASTContext()))
    Out.push_back(Index.space(*N.getNodeAs<LambdaExpr>("l")));
  return Out;
}

TEST(ExecSpaceLambdaToDevice, KernelArgumentIsDevice) {
  EXPECT_EQ(spaces(std::string(Kernel) +
                   "void h(int *o) { k<<<1, 1>>>([](int i) { return i; }, o); }"),
            std::vector<ExecSpace>{ExecSpace::Device});
}

TEST(ExecSpaceLambdaToDevice, AlsoCalledOnHostIsHostDevice) {
  EXPECT_EQ(spaces(std::string(Kernel) +
                   "int h(int *o) { auto f = [](int i) { return i; };\n"
                   "  k<<<1, 1>>>(f, o); return f(2); }"),
            std::vector<ExecSpace>{ExecSpace::HostDevice});
}

TEST(ExecSpaceLambdaToDevice, HostOnlyLambdaIsLeftAlone) {
  EXPECT_EQ(spaces("int h() { auto f = [](int i) { return i; }; return f(1); }"),
            std::vector<ExecSpace>{ExecSpace::Host});
}

TEST(ExecSpaceLambdaToDevice, FollowsLauncherTemplates) {
  EXPECT_EQ(spaces(std::string(Kernel) +
                   "template <class F> void run(F f, int *o) { k<<<1, 1>>>(f, o); }\n"
                   "void h(int *o) { run([](int i) { return i; }, o); }"),
            std::vector<ExecSpace>{ExecSpace::Device});
}

TEST(ExecSpaceLambdaToDevice, AnnotatedAndDeviceLambdasAreNotPlain) {
  auto AST = parseCuda(std::string(Kernel) +
                       "void h(int *o) { k<<<1, 1>>>([] __device__(int i) { return i; }, o); }\n"
                       "__device__ int d() { return [](int i) { return i; }(1); }");
  PlainLambdaIndex Index(AST->getASTContext(),
                         [](SourceLocation) { return true; });
  for (const BoundNodes &N :
       match(lambdaExpr().bind("l"), AST->getASTContext()))
    EXPECT_FALSE(Index.isPassedToDevice(*N.getNodeAs<LambdaExpr>("l")));
}

TEST(ExecSpaceLambdaToDevice, InsertsAfterTheIntroducer) {
  auto R = runRules(std::string(Kernel) +
                        "void h(int *o) { k<<<1, 1>>>([=](int i) { return i; }, o); }\n",
                    "exec-space-lambda-to-device");
  EXPECT_NE(R.Output.find("k<<<1, 1>>>([=] __device__(int i)"), std::string::npos);
}

TEST(ExecSpaceLambdaToDevice, LeavesTheEditToLambdaLowering) {
  std::string Code =
      std::string(Kernel) +
      "void h(int *o) { k<<<1, 1>>>([](int i) { return i; }, o); }\n";
  auto R = runRules(Code, "exec-space-lambda-to-device,lower-extended-lambda");
  EXPECT_NE(R.Diagnostics.find("lower-extended-lambda makes it a __device__ "
                               "functor [exec-space-lambda-to-device]"),
            std::string::npos);
  EXPECT_EQ(R.Output.find("[] __device__"), std::string::npos);
}

TEST(ExecSpaceLambdaToDevice, ThisCaptureIsNotFixed) {
  std::string Code = std::string(Kernel) +
                     "struct S { int v; void h(int *o) {\n"
                     "  k<<<1, 1>>>([=](int i) { return i + v; }, o); } };\n";
  auto R = runRules(Code, "exec-space-lambda-to-device");
  EXPECT_EQ(R.Output, Code);
  EXPECT_NE(R.Diagnostics.find("captures 'this'"), std::string::npos);
}

} // namespace
