//===--- StdToCudaStdTest.cpp - Tests of the std-to-cuda-std rule --------===//

#include "RuleTester.h"
#include "Analysis/StdSymbolMap.h"
#include "Editing/IncludeSite.h"
#include "Analysis/DeviceTouchedClasses.h"
#include "Analysis/StdUses.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {
namespace {

//===--- The generated table ---------------------------------------------===//

TEST(StdSymbolMap, CoversWhatDeviceCodeUses) {
  for (llvm::StringRef Name :
       {"min", "max", "clamp", "swap", "abs", "sqrt", "exp", "numeric_limits",
        "array", "pair", "tuple", "complex", "optional", "span", "bit_cast",
        "is_same_v", "move", "forward", "tuple_element_t", "get", "apply"}) {
    const CudaStdSymbol *S = findCudaStdSymbol(Name);
    ASSERT_NE(S, nullptr) << Name.str();
    EXPECT_TRUE(S->Header.starts_with("cuda/std/")) << Name.str();
  }
}

TEST(StdSymbolMap, RecordsTheHeaderThatDeclaresEachSymbol) {
  EXPECT_EQ(findCudaStdSymbol("numeric_limits")->Header, "cuda/std/limits");
  EXPECT_EQ(findCudaStdSymbol("pair")->Header, "cuda/std/utility");
  EXPECT_EQ(findCudaStdSymbol("swap")->Header, "cuda/std/utility");
  EXPECT_EQ(findCudaStdSymbol("sqrt")->Header, "cuda/std/cmath");
  EXPECT_EQ(findCudaStdSymbol("array")->Header, "cuda/std/array");
  EXPECT_EQ(findCudaStdSymbol("chrono::duration")->Header, "cuda/std/chrono");
}

TEST(StdSymbolMap, AbsComesWithItsFloatingPointOverloads) {
  // <cuda/std/cstdlib> has only the integer overloads: std::abs(float)
  // would silently convert to int.
  EXPECT_EQ(findCudaStdSymbol("abs")->Header, "cuda/std/cmath");
}

TEST(StdSymbolMap, AlgorithmsWithoutPublicHeaderArePublicWhenReachable) {
  // CUDA 13.0 has no <cuda/std/algorithm>; min and max reach users through
  // other public headers.
  for (llvm::StringRef Name : {"min", "max"}) {
    const CudaStdSymbol *S = findCudaStdSymbol(Name);
    EXPECT_FALSE(S->Internal) << Name.str();
    EXPECT_FALSE(S->Header.contains("/__")) << S->Header.str();
  }
}

TEST(StdSymbolMap, ClampIsMarkedInternal) {
  const CudaStdSymbol *S = findCudaStdSymbol("clamp");
  EXPECT_TRUE(S->Internal);
  EXPECT_EQ(S->Header, "cuda/std/__algorithm/clamp.h");
}

TEST(StdSymbolMap, HasNoInternalOrHostOnlyNames) {
  EXPECT_EQ(findCudaStdSymbol("vector"), nullptr);
  EXPECT_EQ(findCudaStdSymbol("string"), nullptr);
  EXPECT_EQ(findCudaStdSymbol("cout"), nullptr);
  // Forward-declared by CCCL but not provided.
  EXPECT_EQ(findCudaStdSymbol("stringstream"), nullptr);
  for (const CudaStdSymbol &S : cudaStdSymbols())
    EXPECT_FALSE(S.Name.starts_with("_")) << S.Name.str();
}

TEST(StdSymbolMap, IsSortedForLookup) {
  llvm::ArrayRef<CudaStdSymbol> All = cudaStdSymbols();
  for (size_t I = 1; I < All.size(); ++I)
    EXPECT_LT(All[I - 1].Name, All[I].Name);
}

//===--- Decision logic --------------------------------------------------===//

template <typename NodeT, typename MatcherT>
const NodeT *findFirst(ASTContext &Ctx, MatcherT M) {
  auto Found = match(M.bind("n"), Ctx);
  return Found.empty() ? nullptr : Found.front().template getNodeAs<NodeT>("n");
}

const FunctionDecl *function(ASTUnit &AST, llvm::StringRef Name) {
  return findFirst<FunctionDecl>(AST.getASTContext(),
                                 functionDecl(hasName(Name)));
}

TEST(ExecSpace, ExplicitAttributesOnly) {
  auto AST = test::parseCuda(R"(
    __device__ int d() { return 0; }
    __global__ void g() {}
    __host__ __device__ int hd() { return 0; }
    int h() { return 0; }
    constexpr int c() { return 0; }  // implicitly __host__ __device__ in Clang
  )");
  ASSERT_TRUE(AST);
  EXPECT_EQ(writtenExecSpace(*function(*AST, "d")), ExecSpace::Device);
  EXPECT_EQ(writtenExecSpace(*function(*AST, "g")), ExecSpace::Global);
  EXPECT_EQ(writtenExecSpace(*function(*AST, "hd")), ExecSpace::HostDevice);
  EXPECT_EQ(writtenExecSpace(*function(*AST, "h")), ExecSpace::Host);
  EXPECT_EQ(writtenExecSpace(*function(*AST, "c")), ExecSpace::Host);
}

TEST(ExecSpace, LambdasTakeTheirSurroundingsUnlessAnnotated) {
  auto AST = test::parseCuda(R"(
    __device__ void d() { auto l = [](int x) { return x; }; (void)l; }
    void h() {
      auto plain = [](int x) { return x; };
      auto dev = [] __device__ (int x) { return x; };
      (void)plain; (void)dev;
    }
  )");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  auto LambdaIn = [&](llvm::StringRef Fn, llvm::StringRef Var) {
    const auto *L = findFirst<LambdaExpr>(
        Ctx, lambdaExpr(hasAncestor(functionDecl(hasName(Fn))),
                        hasAncestor(varDecl(hasName(Var)))));
    return execSpaceOf(L->getCallOperator());
  };
  EXPECT_EQ(LambdaIn("d", "l"), ExecSpace::Device);
  EXPECT_EQ(LambdaIn("h", "plain"), ExecSpace::Host);
  EXPECT_EQ(LambdaIn("h", "dev"), ExecSpace::Device);
}

TEST(StdMemberName, LooksThroughInlineNamespaces) {
  auto AST = test::parseCuda(R"(
    namespace std { inline namespace __v1 { template <class T> T mn(T a, T b); }
                    namespace chrono { struct dur {}; } }
    namespace cuda { namespace std { int notstd; } }
    namespace mine { int other; }
  )");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(stdMemberName(*findFirst<NamedDecl>(Ctx, functionDecl(hasName("mn")))),
            std::optional<std::string>("mn"));
  EXPECT_EQ(stdMemberName(*findFirst<NamedDecl>(Ctx, recordDecl(hasName("dur")))),
            std::optional<std::string>("chrono::dur"));
  EXPECT_EQ(stdMemberName(*findFirst<NamedDecl>(Ctx, varDecl(hasName("notstd")))),
            std::nullopt);
  EXPECT_EQ(stdMemberName(*findFirst<NamedDecl>(Ctx, varDecl(hasName("other")))),
            std::nullopt);
}

//===--- Where includes go -----------------------------------------------===//

TEST(IncludeSite, AfterTheLastIncludeBeforeCode) {
  llvm::StringRef Text = "// c\n#include <a>\n#include \"b.h\"\n\nint x;\n"
                         "#include \"late.inc\"\n";
  IncludeSite S = findIncludeSite(Text);
  EXPECT_EQ(Text.substr(S.Offset).take_until([](char C) { return C == '\n'; }),
            "");
  EXPECT_EQ(Text.substr(0, S.Offset), "// c\n#include <a>\n#include \"b.h\"\n");
  EXPECT_FALSE(S.NeedsNewline);
}

TEST(IncludeSite, InsideTheIncludeGuard) {
  llvm::StringRef Text = "#ifndef G\n#define G\nint x;\n#endif\n";
  IncludeSite S = findIncludeSite(Text);
  EXPECT_EQ(Text.substr(0, S.Offset), "#ifndef G\n#define G\n");
}

TEST(IncludeSite, NotInsideAnotherConditional) {
  llvm::StringRef Text =
      "#include <a>\n#ifdef X\n#include <x>\n#endif\nint y;\n";
  IncludeSite S = findIncludeSite(Text);
  EXPECT_EQ(Text.substr(0, S.Offset), "#include <a>\n");
}

// Kokkos's headers open with a check that is false in every real compile,
// then their guard: the first code is in a skipped branch, and an include
// put there is never read (cuda::std::dynamic_extent not declared).
TEST(IncludeSite, NotIntoAConditionalAroundTheFirstCode) {
  llvm::StringRef Text = "// header\n#ifndef PUBLIC_INCLUDE\n"
                         "static_assert(false, \"private\");\n#endif\n"
                         "#ifndef G\n#define G\n#include \"a.hpp\"\nint x;\n"
                         "#endif\n";
  IncludeSite S = findIncludeSite(Text);
  EXPECT_EQ(Text.substr(0, S.Offset), "// header\n");
}

TEST(IncludeSite, InsideTheGuardBeforeANestedConditional) {
  llvm::StringRef Text = "#ifndef G\n#define G\n#include <a>\n"
                         "#if defined(X)\nint x;\n#else\nint y;\n#endif\n"
                         "#endif\n";
  IncludeSite S = findIncludeSite(Text);
  EXPECT_EQ(Text.substr(0, S.Offset), "#ifndef G\n#define G\n#include <a>\n");
}

TEST(IncludeSite, BeforeTheConditionalWhenNothingPrecedesIt) {
  llvm::StringRef Text = "#ifdef __CUDACC__\nint x;\n#endif\n";
  EXPECT_EQ(findIncludeSite(Text).Offset, 0u);
}

TEST(IncludeSite, FileWithoutDirectives) {
  llvm::StringRef Text = "// hi\n\nint y;\n";
  EXPECT_EQ(findIncludeSite(Text).Offset, Text.find("int"));
}

TEST(IncludeSite, LastLineWithoutNewline) {
  llvm::StringRef Text = "#include <a>";
  IncludeSite S = findIncludeSite(Text);
  EXPECT_EQ(S.Offset, Text.size());
  EXPECT_TRUE(S.NeedsNewline);
}

TEST(IncludeLine, WholeLineWithOptionalCommentAndLeadingNewline) {
  IncludeSite AtLineStart;
  EXPECT_EQ(includeLine(AtLineStart, "cuda/std/cmath"),
            "#include <cuda/std/cmath>\n");
  IncludeSite AfterLastLine;
  AfterLastLine.NeedsNewline = true;
  EXPECT_EQ(includeLine(AfterLastLine, "cuda/std/__x.h", "why"),
            "\n#include <cuda/std/__x.h> // why\n");
}

TEST(IncludesHeader, BothSpellings) {
  EXPECT_TRUE(includesHeader("#include <cuda/std/cmath>\n", "cuda/std/cmath"));
  EXPECT_TRUE(includesHeader("#  include \"cuda/std/cmath\"\n", "cuda/std/cmath"));
  EXPECT_FALSE(includesHeader("#include <cmath>\n", "cuda/std/cmath"));
}

//===--- The rule end to end ---------------------------------------------===//

/// The cuda::std spelling of std::min, not the header-free one
/// (HeaderFreeMinMaxTest.cpp).
const std::vector<std::string> NoHeaderFree = {
    "std-to-cuda-std.HeaderFreeMinMax=false"};

TEST(StdToCudaStd, RewritesDeviceCodeOnly) {
  auto R = test::runRules(R"(#include <algorithm>
__device__ float d(float a, float b) { return std::min(a, b); }
float h(float a, float b) { return std::min(a, b); }
)",
                          "std-to-cuda-std", {}, "input.cu", {}, NoHeaderFree);
  EXPECT_NE(R.Output.find("return cuda::std::min(a, b); }\nfloat h"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(
      R.Output.find("float h(float a, float b) { return std::min(a, b); }"),
      std::string::npos);
  EXPECT_EQ(R.ExitCode, 0);
}

TEST(StdToCudaStd, NothingRewrittenBelowCxx17) {
  // libcu++ stops with #error below C++17: its headers cannot be included.
  auto R = test::runRules(R"(#include <algorithm>
__device__ int d(int a, int b) { return std::min(a, b); }
)",
                          "std-to-cuda-std", {}, "input.cu", {"-std=c++14"});
  EXPECT_EQ(R.Output.find("cuda::std"), std::string::npos) << R.Output;
  EXPECT_NE(R.Diagnostics.find("'std::min' not rewritten to 'cuda::std::min': "
                               "libcu++ needs C++17, and this file is "
                               "compiled as C++14"),
            std::string::npos)
      << R.Diagnostics;
}

TEST(StdToCudaStd, ManagedVariableTypeIsSharedWithHost) {
  // A __managed__ variable is a device variable host code uses too (read
  // as nvcc reads it, though Clang drops the attribute in CUDA): device
  // code may use it, and its std type stays.
  auto R = test::runRules(R"(#include <array>
__managed__ std::array<int, 2> P;
__managed__ int N;
__device__ int d() { return N; }
)",
                          "std-to-cuda-std");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("'std::array' in a __managed__ variable is a "
                               "type host code shares"),
            std::string::npos)
      << R.Diagnostics;
  EXPECT_EQ(R.Output.find("cuda::std"), std::string::npos) << R.Output;
}

TEST(StdToCudaStd, RewritesInConstexprFunctionsMadeHostDevice) {
  // constexpr-host-call annotates `big`, leaving its std call to this rule;
  // only with that rule on is its body device code.
  const char *Code = R"(#include <limits>
constexpr float big() { return std::numeric_limits<float>::max(); }
__device__ float use() { return big(); }
)";
  auto Both = test::runRules(Code, "std-to-cuda-std,constexpr-host-call");
  EXPECT_EQ(Both.ExitCode, 0) << Both.Diagnostics;
  EXPECT_NE(Both.Output.find("__host__ __device__ constexpr float big() { "
                             "return cuda::std::numeric_limits<float>::max(); }"),
            std::string::npos)
      << Both.Output;
  auto Alone = test::runRules(Code, "std-to-cuda-std");
  EXPECT_EQ(Alone.Output.find("cuda::std"), std::string::npos) << Alone.Output;
}

TEST(StdToCudaStd, HostDeviceCallsAreReadOnTheDevice) {
  // In the host pass `cos(x)` finds libstdc++'s constexpr std::cos(float);
  // the GPU calls CUDA's own overload: nothing is needed.
  auto R = test::runRules(R"(#include <cmath>
template <class T> __host__ __device__ float f(float x, T) { return cos(x); }
__global__ void k(float *p) { p[0] = f(p[0], 1); }
)",
                          "std-to-cuda-std");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_EQ(R.Diagnostics, "");
}

TEST(StdToCudaStd, QualifiesGloballyWhereCudaIsHidden) {
  auto R = test::runRules(R"(#include <algorithm>
namespace at { namespace cuda { int stream; }
__device__ float f(float a, float b) { return std::min(a, b); } }
)",
                          "std-to-cuda-std", {}, "input.cu", {}, NoHeaderFree);
  EXPECT_NE(R.Output.find("return ::cuda::std::min(a, b);"), std::string::npos)
      << R.Output;
}

TEST(StdToCudaStd, HeaderFreeMinMaxAddsNoInclude) {
  auto R = test::runRules(R"(#include <algorithm>
__device__ float f(float a, float b) { return std::min(a, b); }
__device__ int g(int a, int b) { return std::max(a, b); }
)",
                          "std-to-cuda-std");
  EXPECT_NE(R.Output.find("{ return (b < a ? b : a); }"), std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find("{ return ::max(a, b); }"), std::string::npos)
      << R.Output;
  EXPECT_EQ(R.Output.find("cuda/std"), std::string::npos) << R.Output;
}

TEST(StdToCudaStd, ConstexprWithoutAttributesIsHostCode) {
  auto R = test::runRules(R"(#include <algorithm>
constexpr int c(int a, int b) { return std::min(a, b); }
)",
                          "std-to-cuda-std");
  EXPECT_EQ(R.Output.find("cuda::std"), std::string::npos) << R.Output;
  EXPECT_EQ(R.Diagnostics, "");
}

TEST(StdToCudaStd, OneIncludeForTwoUses) {
  auto R = test::runRules(R"(#include <cmath>
__device__ float f(float x) { return std::sqrt(x) + std::exp(x); }
)",
                          "std-to-cuda-std");
  size_t First = R.Output.find("#include <cuda/std/cmath>");
  ASSERT_NE(First, std::string::npos) << R.Output;
  EXPECT_EQ(R.Output.find("#include <cuda/std/cmath>", First + 1),
            std::string::npos);
}

TEST(StdToCudaStd, KernelParameterIsReportedNotRewritten) {
  // Declared in a header: another source may launch it, so its launches
  // cannot all be converted (kernel-interface.cu has the converted case).
  auto R = test::runRules(R"(#include "k.cuh"
)",
                          "std-to-cuda-std",
                          {{"k.cuh", "#include <utility>\n__global__ void "
                                     "k(std::pair<int, int> p, int *o) { *o = "
                                     "p.first; }\n"}});
  EXPECT_NE(R.Diagnostics.find("RewriteInterfaceTypes"), std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("declared in a header"), std::string::npos)
      << R.Diagnostics;
  EXPECT_EQ(R.Output.find("cuda::std"), std::string::npos) << R.Output;
}

TEST(StdToCudaStd, DataMembersOfHostOnlyClassesAreNotReported) {
  const char *Code = R"(#include <atomic>
#include <array>
struct Runtime { std::atomic<int> refs; std::array<int, 2> ids; };
struct Shared { std::array<int, 2> dims; };
__global__ void k(Shared s, int *o) { *o = s.dims[0]; }
)";
  auto R = test::runRules(Code, "std-to-cuda-std");
  EXPECT_EQ(R.Diagnostics.find("input.cu:3:"), std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("input.cu:4:17: warning: 'std::array' in a "
                               "data member is a type host code shares"),
            std::string::npos)
      << R.Diagnostics;
}

/// The class named \p Name in \p AST.
static const CXXRecordDecl *classNamed(ASTUnit &AST, llvm::StringRef Name) {
  auto Found = match(findAll(cxxRecordDecl(hasName(Name), isDefinition(),
                                               isExpansionInMainFile())
                                 .bind("c")),
                     AST.getASTContext());
  return Found.empty() ? nullptr : Found[0].getNodeAs<CXXRecordDecl>("c");
}

TEST(DeviceTouchedClasses, FollowsWhatATouchedObjectHoldsByValue) {
  auto AST = test::parseCuda(R"(
struct Runtime { int n; };
struct Base { int b; };
struct Leaf { int l; };
template <class T> struct Box { T value; };
struct Node : Base { Box<Leaf> leaf; Runtime *runtime; };
struct Alone { int a; };
Node *node;
)");
  ASSERT_TRUE(AST);
  DeviceTouchedClasses Touched;
  // A pointer to Node in device code touches Node.
  auto Vars = match(findAll(varDecl(hasName("node"), isExpansionInMainFile())
                                .bind("v")),
                    AST->getASTContext());
  ASSERT_FALSE(Vars.empty());
  Touched.touch(Vars[0].getNodeAs<VarDecl>("v")->getType());
  Touched.close();
  for (llvm::StringRef Held : {"Node", "Base", "Leaf", "Box"})
    EXPECT_TRUE(Touched.contains(classNamed(*AST, Held))) << Held.str();
  // What Node only points to, and unrelated classes, are not touched.
  for (llvm::StringRef Apart : {"Runtime", "Alone"})
    EXPECT_FALSE(Touched.contains(classNamed(*AST, Apart))) << Apart.str();
}

TEST(StdToCudaStd, NoDeviceEquivalentIsAnError) {
  auto R = test::runRules(R"(#include <vector>
__device__ int f() { std::vector<int> v; return 0; }
)",
                          "std-to-cuda-std");
  EXPECT_NE(R.Diagnostics.find("error: 'std::vector' has no equivalent"),
            std::string::npos)
      << R.Diagnostics;
  EXPECT_EQ(R.ExitCode, 1);
}

// nvcc builds device code that only passes a host class on by pointer or
// reference: no constructor, destructor or member of it runs there.
TEST(StdToCudaStd, HostClassBehindPointerOrReferenceIsNoError) {
  auto R = test::runRules(R"(#include <string>
#include <vector>
template <class T> struct Prop { T value; };
__device__ int f(const std::vector<int> &v, std::string *s) { return 0; }
template <class P> __device__ const auto &g(const P &p) {
  return static_cast<const Prop<std::string> &>(p).value;
}
)",
                          "std-to-cuda-std");
  EXPECT_EQ(R.Diagnostics.find("error:"), std::string::npos) << R.Diagnostics;
  EXPECT_EQ(R.ExitCode, 0);
}

// A macro body with two uses: each is a finding of its own, rewritten in the
// definition, not a disagreement of two passes about one.
TEST(StdToCudaStd, TwoUsesInOneMacroExpansionAreTwoFindings) {
  auto R = test::runRules(R"(#include <type_traits>
#define PICK(F) template <class A, class B> __host__ __device__ \
  bool F(A, B) { return std::is_arithmetic_v<A> && std::is_arithmetic_v<B>; }
PICK(both)
)",
                          "std-to-cuda-std");
  EXPECT_EQ(R.Diagnostics.find("error:"), std::string::npos) << R.Diagnostics;
  EXPECT_NE(R.Output.find("cuda::std::is_arithmetic_v<A> && "
                          "cuda::std::is_arithmetic_v<B>"),
            std::string::npos)
      << R.Output;
}

TEST(StdToCudaStd, MoveIsLeftAloneByDefault) {
  auto R = test::runRules(R"(#include <utility>
__device__ int f(int a) { int b = std::move(a); return b; }
)",
                          "std-to-cuda-std");
  EXPECT_EQ(R.Output.find("cuda::std"), std::string::npos) << R.Output;
}

TEST(StdToCudaStd, UserSpecialisationBlocksTheRewrite) {
  auto R = test::runRules(R"(#include <limits>
struct Fixed { int v; };
namespace std { template <> struct numeric_limits<Fixed> {
  __host__ __device__ static Fixed max() { return {1}; } }; }
__device__ Fixed top() { return std::numeric_limits<Fixed>::max(); }
)",
                          "std-to-cuda-std");
  EXPECT_NE(R.Diagnostics.find("specialisation"), std::string::npos)
      << R.Diagnostics;
  EXPECT_EQ(R.Output.find("cuda::std"), std::string::npos);
}

} // namespace
} // namespace cudalower
