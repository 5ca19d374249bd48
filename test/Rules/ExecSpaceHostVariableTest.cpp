#include "Rules/ExecSpaceHostVariable.h"
#include "Analysis/CodeContext.h"
#include "RuleTester.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cudalower;

namespace {

/// Classifies the references to V in the main file, in walk order.
class UseClassifier : public ContextVisitor<UseClassifier> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const SourceManager &SM = E->getDecl()->getASTContext().getSourceManager();
    if (E->getDecl()->getName() == "V" &&
        SM.isInMainFile(SM.getExpansionLoc(E->getLocation())))
      Out.push_back(classifyHostVarUse(*E, codeContext().Parents));
    return true;
  }
  std::vector<HostVarUse> Out;
};

/// classifyHostVarUse() of every reference to V.
std::vector<HostVarUse> uses(llvm::StringRef Code) {
  auto AST = test::parseCuda(Code, /*DevicePass=*/true);
  if (!AST)
    return {};
  UseClassifier C;
  C.TraverseAST(AST->getASTContext());
  return C.Out;
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

/// isConstantNonOdrUse() of every reference to S::V in device code.
std::vector<bool> nonOdrUses(llvm::StringRef Code) {
  auto AST = test::parseCuda(Code, /*DevicePass=*/true);
  std::vector<bool> Out;
  if (!AST)
    return Out;
  for (const BoundNodes &N :
       match(declRefExpr(to(varDecl(hasName("V")).bind("v")),
                         isExpansionInMainFile())
                 .bind("r"),
             AST->getASTContext()))
    Out.push_back(isConstantNonOdrUse(*N.getNodeAs<DeclRefExpr>("r"),
                                      *N.getNodeAs<VarDecl>("v")));
  return Out;
}

TEST(ExecSpaceHostVariable, ValueUsesOfConstantMembersAreNotOdrUses) {
  const char *S = "struct S { static const int V = 4; };\n"
                  "template <int K> __device__ int w() { return K; }\n";
  // A template argument, a folded operand, both arms of a conditional.
  EXPECT_EQ(nonOdrUses(std::string(S) +
                       "__device__ int f(int x, bool b) {\n"
                       "  return w<S::V>() + x * S::V + (b ? S::V : S::V);\n"
                       "}\n"),
            (std::vector<bool>{true, true, true, true}));
  // A reference bound to it, its address: odr-uses nvcc rejects.
  EXPECT_EQ(nonOdrUses(std::string(S) +
                       "__device__ const int *f() {\n"
                       "  const int &r = S::V; (void)r; return &S::V;\n"
                       "}\n"),
            (std::vector<bool>{false, false}));
  // Not usable in constant expressions: a run-time initialiser.
  EXPECT_EQ(nonOdrUses("int g();\n"
                       "const int V = g();\n"
                       "__device__ int f() { return V; }\n"),
            std::vector<bool>{false});
}

TEST(ExecSpaceHostVariable, ConstantMembersUsedForTheirValueAreNotReported) {
  auto R = test::runRules(
      "#include <cuda/std/__algorithm/min.h>\n"
      "struct S { static const int N = 4; };\n"
      "template <int K> struct B { int v[K]; };\n"
      "template <int K> __device__ int w() { return K; }\n"
      "__device__ int f(int x) { B<S::N> b{}; return b.v[0] + w<S::N>() + x; }\n"
      "__device__ int g(int x) { return cuda::std::min(S::N, x); }\n",
      "exec-space-host-variable");
  // Only the reference that min() binds is reported.
  EXPECT_EQ(R.Diagnostics.find("input.cu:5:"), std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("input.cu:6:52: warning: device code takes the "
                               "address of, or a reference to, the host "
                               "variable 'N'"),
            std::string::npos)
      << R.Diagnostics;
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
