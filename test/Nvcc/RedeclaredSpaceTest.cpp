#include "Nvcc/RedeclaredSpace.h"
#include "SpellingFixFinder.h"
#include <gtest/gtest.h>

using namespace cudalower;
using spellingfix::cudaSpellingFixesFor;

namespace {

// The refused declaration is the wider one: the earlier, narrower one gets
// the keyword; one parse later the pair agrees.
TEST(RedeclaredSpaceFix, TheNarrowerDeclarationGetsTheMissingSpace) {
  std::vector<std::string> Hints;
  EXPECT_EQ(
      cudaSpellingFixesFor("__device__ int f(int);\n"
                           "__host__ __device__ int f(int x) { return x; }\n",
                           &Hints),
      std::vector<std::string>{"1:12 __host__  f"});
  ASSERT_EQ(Hints.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(Hints[0]).contains(
      "declare 'f' '__host__ __device__' in each declaration"));
  // __host__ (spelled or not) lacks __device__.
  EXPECT_EQ(
      cudaSpellingFixesFor("int h(int);\n"
                           "__host__ __device__ int h(int x) { return x; }\n"),
      std::vector<std::string>{"1:1 __device__  h"});
}

// The refused declaration is the narrower one, which Clang names only by
// its place: it is found there, among the declarations of its context.
TEST(RedeclaredSpaceFix, TheRefusedDeclarationItselfWhenItIsNarrower) {
  EXPECT_EQ(
      cudaSpellingFixesFor("__host__ __device__ int g(int);\n"
                           "__device__ inline int g(int x) { return x; }\n"),
      std::vector<std::string>{"2:19 __host__  g"});
}

// Every declaration that lacks the space gets it: a member declared in its
// class and again outside it, before the type; a constructor, before its
// name (after the qualifier outside the class).
TEST(RedeclaredSpaceFix, EveryDeclarationOfAMemberAndAConstructor) {
  EXPECT_EQ(cudaSpellingFixesFor(
                "struct S {\n"
                "  __device__ int m() const;\n"
                "  __device__ S();\n"
                "};\n"
                "__host__ __device__ int S::m() const { return 1; }\n"
                "__host__ __device__ S::S() {}\n"),
            (std::vector<std::string>{"2:14 __host__  m", "3:14 __host__  S"}));
}

// No fix: a kernel in another space (nvcc refuses it too), and a
// declaration a macro spells (no place in the file for the keyword).
TEST(RedeclaredSpaceFix, NoneForAKernelOrAMacroSpelledDeclaration) {
  EXPECT_EQ(cudaSpellingFixesFor("__attribute__((global)) void k(int);\n"
                                 "__host__ __device__ void k(int) {}\n"),
            std::vector<std::string>{"none"});
  std::vector<std::string> Hints;
  EXPECT_EQ(
      cudaSpellingFixesFor("#define DECL(n) __device__ int n(int)\n"
                           "DECL(f);\n"
                           "__host__ __device__ int f(int x) { return x; }\n",
                           &Hints),
      std::vector<std::string>{"none"});
  ASSERT_EQ(Hints.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(Hints[0]).contains("nvcc merges"));
}

} // namespace
