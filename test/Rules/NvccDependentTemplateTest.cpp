#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {

const char *Table = "template <class T> struct table {\n"
                    "  template <class U = T> struct view { U first; };\n"
                    "};\n";

TEST(NvccDependentTemplate, InsertsTheKeywordAfterTypename) {
  auto R = runRules(std::string(Table) +
                        "template <class T> __global__ void k(T *p) {\n"
                        "  typename table<T>::view<> v{};\n"
                        "  p[0] = v.first;\n"
                        "}\n"
                        "template __global__ void k<int>(int *);\n",
                    "nvcc-dependent-template");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("  typename table<T>::template view<> v{};\n"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("input.cu:5:22: warning: dependent member "
                               "template 'view' is named without 'template'"),
            std::string::npos)
      << R.Diagnostics;
}

TEST(NvccDependentTemplate, InsertsTheKeywordBeforeAnOperatorTemplate) {
  auto R = runRules("struct add {\n"
                    "  template <int N> __device__ int operator()(int x) const"
                    " { return x + N; }\n"
                    "};\n"
                    "template <class F> __device__ int call(F f) {\n"
                    "  return f.operator()<2>(1);\n"
                    "}\n"
                    "__global__ void k(int *p) { p[0] = call(add{}); }\n",
                    "nvcc-dependent-template");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("  return f.template operator()<2>(1);\n"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("input.cu:5:12: warning: dependent member "
                               "template 'operator()'"),
            std::string::npos)
      << R.Diagnostics;
}

// Findings of other rules on the fixed parse land where they belong in the
// file on disk, on the line of a fix too.
TEST(NvccDependentTemplate, OtherRulesEditTheFileOnDisk) {
  auto R = runRules(std::string(Table) +
                        "template <class T> constexpr __global__ void k(T *p)"
                        " { typename table<T>::view<> v{}; p[0] = v.first; }\n"
                        "template <class T> constexpr __global__ void j(T *p)"
                        " { p[0] = 1; }\n"
                        "template __global__ void k<int>(int *);\n",
                    "nvcc-dependent-template,constexpr-global");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("template <class T> __global__ void k(T *p) { "
                          "typename table<T>::template view<> v{}; p[0] = "
                          "v.first; }\n"
                          "template <class T> __global__ void j(T *p) { p[0] "
                          "= 1; }\n"),
            std::string::npos)
      << R.Output;
  // Both findings of constexpr-global, at their columns on disk.
  EXPECT_NE(R.Diagnostics.find("input.cu:4:"), std::string::npos);
  EXPECT_NE(R.Diagnostics.find("input.cu:5:"), std::string::npos);
}

TEST(NvccDependentTemplate, FixesAHeaderOfTheProject) {
  auto R = runRules("#include \"table.h\"\n"
                    "__global__ void k(int *p) { p[0] = first<int>(); }\n",
                    "nvcc-dependent-template",
                    {{"table.h", std::string(Table) +
                                     "template <class T> __device__ T first() "
                                     "{ return typename table<T>::view<>{}"
                                     ".first; }\n"}});
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("table.h:4:"), std::string::npos)
      << R.Diagnostics;
}

TEST(NvccDependentTemplate, WithTheRuleOffTheParseStops) {
  auto R = runRules(std::string(Table) +
                        "template <class T> __device__ T first() {\n"
                        "  return typename table<T>::view<>{}.first;\n"
                        "}\n",
                    "constexpr-global");
  EXPECT_EQ(R.ExitCode, 3);
  EXPECT_NE(R.Diagnostics.find("error: use 'template' keyword"),
            std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("note: nvcc accepts a dependent member "
                               "template named without 'template'"),
            std::string::npos)
      << R.Diagnostics;
}

// Another error in the source: the fix is made (the other errors could
// follow from it), the parse of the fixed text shows what remains, and
// nothing is written.
TEST(NvccDependentTemplate, AnotherErrorStopsTheParse) {
  auto R = runRules(std::string(Table) +
                        "template <class T> __device__ T first() {\n"
                        "  return typename table<T>::view<>{}.first;\n"
                        "}\n"
                        "int broken = undeclared;\n",
                    "nvcc-dependent-template");
  EXPECT_EQ(R.ExitCode, 3);
  EXPECT_EQ(R.Diagnostics.find("error: use 'template' keyword"),
            std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("'undeclared'"), std::string::npos)
      << R.Diagnostics;
}

// `auto s = R::ref(p);`: a dependent type without `typename`.
TEST(NvccDependentTemplate, InsertsTypenameBeforeADependentType) {
  auto R = runRules("struct store { struct ref {\n"
                    "  __device__ ref(int *p) : p(p) {} int *p; }; };\n"
                    "template <class S> __global__ void k(int *p) {\n"
                    "  auto r = S::ref(p);\n"
                    "  r.p[0] = 1;\n"
                    "}\n"
                    "template __global__ void k<store>(int *);\n",
                    "nvcc-dependent-template");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("  auto r = typename S::ref(p);\n"),
            std::string::npos)
      << R.Output;
  EXPECT_NE(R.Diagnostics.find("input.cu:4:12: warning: dependent type "
                               "'S::ref' is named without 'typename'"),
            std::string::npos)
      << R.Diagnostics;
}

// Code only the device pass reads: its fix is made for both passes.
TEST(NvccDependentTemplate, FixesCodeOfOnePass) {
  auto R = runRules(std::string(Table) +
                        "template <class T> __device__ T first() {\n"
                        "#ifdef __CUDA_ARCH__\n"
                        "  return typename table<T>::view<>{}.first;\n"
                        "#else\n"
                        "  return T();\n"
                        "#endif\n"
                        "}\n"
                        "__global__ void k(int *p) { p[0] = first<int>(); }\n",
                    "nvcc-dependent-template");
  EXPECT_EQ(R.ExitCode, 0) << R.Diagnostics;
  EXPECT_NE(R.Output.find("  return typename table<T>::template view<>{}"),
            std::string::npos)
      << R.Output;
}

// A code with no such error: one parse, nothing reported.
TEST(NvccDependentTemplate, LeavesTheKeywordWhereItIs) {
  std::string Code = std::string(Table) +
                     "template <class T> __device__ T first() {\n"
                     "  return typename table<T>::template view<>{}.first;\n"
                     "}\n";
  auto R = runRules(Code, "nvcc-dependent-template");
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(R.Output, Code);
  EXPECT_EQ(R.Diagnostics, "");
}

} // namespace
