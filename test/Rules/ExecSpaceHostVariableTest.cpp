#include "Rules/ExecSpaceHostVariable.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalower;

namespace {

/// classifyHostVarUse() of every reference to V.
std::vector<HostVarUse> uses(llvm::StringRef Code) {
  auto AST = test::parseCuda(Code, /*DevicePass=*/true);
  std::vector<HostVarUse> Out;
  if (!AST)
    return Out;
  ASTContext &Ctx = AST->getASTContext();
  for (const BoundNodes &N :
       match(declRefExpr(to(varDecl(hasName("V"))), isExpansionInMainFile())
                 .bind("r"),
             Ctx))
    Out.push_back(classifyHostVarUse(*N.getNodeAs<DeclRefExpr>("r"), Ctx));
  return Out;
}

TEST(ExecSpaceHostVariable, ClassifiesUses) {
  using U = HostVarUse;
  EXPECT_EQ(uses("constexpr int V = 1;\n"
                 "__device__ int f() { return V + 1; }"),
            std::vector<U>{U::Read});
  EXPECT_EQ(uses("struct P { int a; };\nconstexpr P V = {1};\n"
                 "__device__ int f() { P p = V; return p.a + V.a; }"),
            (std::vector<U>{U::Read, U::Read}));
  EXPECT_EQ(uses("constexpr int V[] = {1, 2};\n"
                 "__device__ int f(int i) { return V[i]; }"),
            std::vector<U>{U::ArrayElement});
  EXPECT_EQ(uses("constexpr int V = 1;\n"
                 "__device__ const int *f() { const int &r = V; return &V; }"),
            (std::vector<U>{U::Address, U::Address}));
  // The pattern cannot tell; the instantiation reads.
  EXPECT_EQ(uses("constexpr float V = 0.5f;\n"
                 "template <class T> __device__ T f(T x) { return T(V) * x; }\n"
                 "__device__ float g(float x) { return f(x); }"),
            (std::vector<U>{U::Dependent, U::Read}));
}

TEST(ExecSpaceHostVariable, ConstClassBecomesConstexpr) {
  auto R = test::runRules("struct P { int a; };\n"
                          "const P kP = {3};\n"
                          "__device__ int f() { return kP.a; }\n",
                          "exec-space-host-variable");
  EXPECT_EQ(R.Output, "struct P { int a; };\n"
                      "constexpr P kP = {3};\n"
                      "__device__ int f() { return kP.a; }\n");
}

TEST(ExecSpaceHostVariable, IndexedArrayGetsADeviceDefinition) {
  auto R = test::runRules("constexpr int kT[] = {1, 2};\n"
                          "__device__ int f(int i) { return kT[i]; }\n"
                          "int g(int i) { return kT[i]; }\n",
                          "exec-space-host-variable");
  EXPECT_EQ(R.Output, "#ifdef __CUDA_ARCH__\n__device__\n#endif\n"
                      "constexpr int kT[] = {1, 2};\n"
                      "__device__ int f(int i) { return kT[i]; }\n"
                      "int g(int i) { return kT[i]; }\n");
}

TEST(ExecSpaceHostVariable, BuiltinConstReadsAreFine) {
  const char *Code = "const int kN = 4;\nconst float kF = 0.5f;\n"
                     "constexpr int kC = 2;\n"
                     "__device__ float f() { return kN * kF + kC; }\n";
  auto R = test::runRules(Code, "exec-space-host-variable");
  EXPECT_EQ(R.Output, Code);
  EXPECT_EQ(R.Diagnostics, "");
}

} // namespace
