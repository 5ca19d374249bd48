//===--- StdInterfaceTest.cpp - std types across interfaces, lambda traits ===//
//
// Decision logic of issue 10 parts 4 and 5: which kernel parameters take
// the cuda::std class with a conversion at each launch, which std classes
// must stay because they flow into a std-typed parameter, and which lambdas
// nvcc's closure-type traits classify.
//
//===----------------------------------------------------------------------===//

#include "RuleTester.h"
#include "Rules/LowerExtendedLambda/TraitDispatch.h"
#include "Rules/StdToCudaStd/KernelParams.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {
namespace {

QualType typeOf(ASTUnit &AST, llvm::StringRef Name) {
  auto Found = match(varDecl(hasName(Name), isExpansionInMainFile()).bind("v"),
                     AST.getASTContext());
  if (Found.empty())
    return QualType();
  return Found.front().getNodeAs<VarDecl>("v")->getType();
}

TEST(KernelParamConversion, ElementwiseCopyOfArrayAndPair) {
  auto AST = test::parseCuda(R"(#include <array>
#include <utility>
struct P { int x; };
std::array<float, 3> test_array;
std::pair<int, P> test_pair;
std::array<float, 17> test_big;
std::array<std::pair<int, int>, 2> test_nested;
std::pair<int, int> *test_pointer;
)");
  ASSERT_TRUE(AST);
  const ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(elementwiseCopy(typeOf(*AST, "test_array"), "c", Ctx),
            "cuda::std::array<float, 3>{c[0], c[1], c[2]}");
  EXPECT_EQ(elementwiseCopy(typeOf(*AST, "test_pair"), "(q)", Ctx),
            "cuda::std::pair<int, P>{(q).first, (q).second}");
  // Too many elements to spell out, a std element, not a class.
  EXPECT_EQ(elementwiseCopy(typeOf(*AST, "test_big"), "c", Ctx), std::nullopt);
  EXPECT_EQ(elementwiseCopy(typeOf(*AST, "test_nested"), "c", Ctx), std::nullopt);
  EXPECT_EQ(elementwiseCopy(typeOf(*AST, "test_pointer"), "c", Ctx), std::nullopt);
}

TEST(KernelParamConversion, KernelAndLaunchesChangeTogether) {
  auto R = test::runRules(R"(#include <array>
__global__ void k(std::array<int, 2> a, int *out) { out[0] = a[0] + a[1]; }
void run(int *out) {
  std::array<int, 2> v{1, 2};
  k<<<1, 1>>>(v, out);
}
)",
                          "std-to-cuda-std");
  EXPECT_NE(R.Output.find("__global__ void k(cuda::std::array<int, 2> a"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find("k<<<1, 1>>>(cuda::std::array<int, 2>{v[0], v[1]}, out);"),
            std::string::npos)
      << R.Output;
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
}

TEST(KernelParamConversion, AKernelNamedOutsideALaunchKeepsItsType) {
  auto R = test::runRules(R"(#include <array>
__global__ void k(std::array<int, 2>, int *out) { out[0] = 1; }
void (*p)(std::array<int, 2>, int *) = k;
)",
                          "std-to-cuda-std");
  EXPECT_NE(R.Output.find("__global__ void k(std::array<int, 2>, int"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("other than in a launch"), std::string::npos)
      << R.Diagnostics;
}

TEST(StdBoundTypes, AnArgumentOfAStdParameterThatStaysIsLeft) {
  auto R = test::runRules(R"(#include <utility>
__host__ __device__ int first(const std::pair<int, int> &p) { return p.first; }
__device__ int use() { return first(std::pair<int, int>(1, 2)); }
__device__ int free_use() { return std::pair<int, int>(3, 4).second; }
)",
                          "std-to-cuda-std");
  EXPECT_NE(R.Output.find("return first(std::pair<int, int>(1, 2));"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Output.find("return cuda::std::pair<int, int>(3, 4).second;"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("the value flows into a parameter of 'first'"),
            std::string::npos)
      << R.Diagnostics;
}

TEST(StdBoundTypes, AStdClassMemberTakesItsArgumentsWithIt) {
  // std::min over pairs returns through pair's copy constructor, a member
  // of a std class: it becomes cuda::std's with everything else.
  auto R = test::runRules(R"(#include <algorithm>
#include <utility>
__global__ void k(int *o) {
  std::pair<int, int> p(o[0], o[1]);
  std::pair<int, int> low = std::min(p, std::make_pair(2, 2));
  o[2] = low.first;
}
)",
                          "std-to-cuda-std");
  EXPECT_NE(R.Output.find("cuda::std::pair<int, int> low = "
                          "cuda::std::min(p, cuda::std::make_pair(2, 2));"),
            std::string::npos)
      << R.Output;
  EXPECT_EQ(R.Diagnostics.find("flows into"), std::string::npos)
      << R.Diagnostics;
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
}

TEST(KernelParamConversion, LaunchesAreConvertedWithTheInterfaceOptionToo) {
  auto R = test::runRules(R"(#include <array>
__global__ void k(std::array<int, 2> a, int *out) { out[0] = a[0] + a[1]; }
void run(int *out) {
  std::array<int, 2> v{1, 2};
  k<<<1, 1>>>(v, out);
}
)",
                          "std-to-cuda-std", {}, "input.cu", {},
                          {"std-to-cuda-std.RewriteInterfaceTypes=true"});
  EXPECT_NE(R.Output.find("k<<<1, 1>>>(cuda::std::array<int, 2>{v[0], v[1]}, out);"),
            std::string::npos)
      << R.Output;
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
}

TEST(LambdaTraits, NvccAnswers) {
  const char *Device = "__nv_is_extended_device_lambda_closure_type";
  const char *HostDevice = "__nv_is_extended_host_device_lambda_closure_type";
  const char *Preserved =
      "__nv_is_extended_device_lambda_with_preserved_return_type";
  EXPECT_TRUE(nvccAnswersTrue(Device, LambdaSpace::Device, false));
  EXPECT_FALSE(nvccAnswersTrue(Device, LambdaSpace::HostDevice, false));
  EXPECT_TRUE(nvccAnswersTrue(HostDevice, LambdaSpace::HostDevice, false));
  EXPECT_FALSE(nvccAnswersTrue(HostDevice, LambdaSpace::Device, false));
  EXPECT_TRUE(nvccAnswersTrue(Preserved, LambdaSpace::Device, true));
  EXPECT_FALSE(nvccAnswersTrue(Preserved, LambdaSpace::Device, false));
  EXPECT_FALSE(nvccAnswersTrue(Preserved, LambdaSpace::HostDevice, true));
  EXPECT_FALSE(nvccAnswersTrue(Device, LambdaSpace::None, false));
}

TEST(LambdaTraits, ALambdaALibraryClassifiesIsNotLowered) {
  auto R = test::runRules(R"(
template <class F> __global__ void k(F f, int *o) { *o = f(); }
template <class F> int launch(F f, int *o) {
  if constexpr (__nv_is_extended_device_lambda_closure_type(F)) {
    k<<<1, 1>>>(f, o);
    return 1;
  }
  return 0;
}
int main() { return launch([] __device__ { return 1; }, nullptr); }
)",
                          "lower-extended-lambda");
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_NE(R.Diagnostics.find("lambda not lowered: it reaches "
                               "__nv_is_extended_device_lambda_closure_type"),
            std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Output.find("launch([] __device__ { return 1; }, nullptr)"),
            std::string::npos)
      << R.Output;
}

} // namespace
} // namespace cudalower
