//===--- ConstexprHostCallTest.cpp - constexpr-host-call decisions --------===//

#include "RuleTester.h"
#include "Analysis/ExecSpace.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using cudalower::ExecSpace;
using cudalower::nvccExecSpace;
using cudalower::test::parseCuda;
using cudalower::test::runRules;

namespace {

const FunctionDecl *findFunction(ASTUnit &AST, llvm::StringRef Name) {
  auto Found = match(functionDecl(hasName(Name)).bind("f"), AST.getASTContext());
  return Found.empty() ? nullptr : Found.front().getNodeAs<FunctionDecl>("f");
}

TEST(ConstexprHostCall, ConstexprIsHostForNvccThoughClangSaysHostDevice) {
  auto AST = parseCuda("constexpr int f() { return 1; }");
  const FunctionDecl *F = findFunction(*AST, "f");
  ASSERT_TRUE(F);
  EXPECT_TRUE(F->hasAttr<CUDADeviceAttr>()); // Clang's implicit attribute
  EXPECT_EQ(nvccExecSpace(*F), ExecSpace::Host);
}

TEST(ConstexprHostCall, ExplicitAnnotationsCount) {
  auto AST = parseCuda("__host__ __device__ constexpr int f() { return 1; }\n"
                       "__device__ constexpr int g() { return 1; }\n"
                       "__global__ void k() {}");
  EXPECT_EQ(nvccExecSpace(*findFunction(*AST, "f")), ExecSpace::HostDevice);
  EXPECT_EQ(nvccExecSpace(*findFunction(*AST, "g")), ExecSpace::Device);
  EXPECT_EQ(nvccExecSpace(*findFunction(*AST, "k")), ExecSpace::Global);
}

TEST(ConstexprHostCall, StdMoveIsHostDeviceStdMinIsNot) {
  auto AST = parseCuda("#include <utility>\n#include <algorithm>\n"
                       "__device__ int f(int a) { return std::min(std::move(a), 2); }",
                       /*DevicePass=*/true);
  auto Calls = match(
      callExpr(isExpansionInMainFile(), callee(functionDecl().bind("callee"))),
      AST->getASTContext());
  bool SawMove = false, SawMin = false;
  for (const BoundNodes &N : Calls) {
    const auto *Callee = N.getNodeAs<FunctionDecl>("callee");
    if (Callee->getName() == "move") {
      SawMove = true;
      EXPECT_EQ(nvccExecSpace(*Callee), ExecSpace::HostDevice);
    }
    if (Callee->getName() == "min") {
      SawMin = true;
      EXPECT_EQ(nvccExecSpace(*Callee), ExecSpace::Host);
    }
  }
  EXPECT_TRUE(SawMove && SawMin);
}

TEST(ConstexprHostCall, AnnotatesCalleeAndItsConstexprCallees) {
  auto R = runRules("constexpr int g(int x) { return x; }\n"
                    "constexpr int f(int x) { return g(x) + 1; }\n"
                    "__device__ int d(int x) { return f(x); }\n",
                    "constexpr-host-call");
  EXPECT_EQ(R.Output, "__host__ __device__ constexpr int g(int x) { return x; }\n"
                      "__host__ __device__ constexpr int f(int x) { return g(x) + 1; }\n"
                      "__device__ int d(int x) { return f(x); }\n");
}

TEST(ConstexprHostCall, WritesDeviceNextToAnExplicitHost) {
  // Clang rejects the call only in the device pass, and may drop the
  // statement: the call comes from its diagnostic.
  auto R = runRules("__host__ constexpr int f() { return 1; }\n"
                    "__host__ __device__ int hd() { return f(); }\n",
                    "constexpr-host-call");
  EXPECT_EQ(R.Output, "__device__ __host__ constexpr int f() { return 1; }\n"
                      "__host__ __device__ int hd() { return f(); }\n");
}

TEST(ConstexprHostCall, UnevaluatedOperandsAndHostCallersDoNotMatch) {
  std::string Code = "constexpr int f() { return 1; }\n"
                     "__device__ int d() { return sizeof(f()) + noexcept(f()); }\n"
                     "int h() { return f(); }\n";
  auto R = runRules(Code, "constexpr-host-call");
  EXPECT_EQ(R.Output, Code);
  EXPECT_EQ(R.Diagnostics, "");
}

TEST(ConstexprHostCall, HeaderDeclarationsAreAnnotatedToo) {
  auto R = runRules("#include \"lib.cuh\"\n"
                    "__device__ int d() { return f(); }\n",
                    "constexpr-host-call",
                    {{"lib.cuh", "constexpr int f() { return 1; }\n"}});
  EXPECT_NE(R.Diagnostics.find("1 other file(s) need edits"), std::string::npos);
}

} // namespace
