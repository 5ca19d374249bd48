#include "Wrapper/MacroScan.h"
#include "Rules/Registry.h"
#include "Wrapper/PreScan.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

/// The definition a `#define` line gives, read as a project file is.
MacroDef macroDefOf(llvm::StringRef Line) {
  ScannedText S = scanText(Line);
  return S.Macros.empty() ? MacroDef() : S.Macros.front();
}

/// What a definition's body may spell, "" for nothing.
std::string macroWhy(llvm::StringRef Line) { return macroDefOf(Line).Why; }

TEST(MacroScan, LambdasSpelledByMacros) {
  EXPECT_EQ(macroWhy("#define PROJ_LAMBDA [=] __host__ __device__\n"),
            "has a lambda");
  EXPECT_EQ(macroWhy("#define LAMBDA [=] HOST_DEVICE\n"), "has a lambda");
  EXPECT_EQ(macroWhy("#define DL(...) [=] __device__ (__VA_ARGS__)\n"),
            "has a lambda");
  EXPECT_EQ(macroWhy("#define FOR(n, body) each(n, [=](int i) body)\n"),
            "has a lambda");
  EXPECT_EQ(macroWhy("#define L(name) [=] name##_body\n"), "has a lambda");
  EXPECT_EQ(macroWhy("#define TL []<class T>\n"), "has a lambda");
  // The use writes the rest: `CAPTURE __device__ (int i) {...}`.
  EXPECT_EQ(macroWhy("#define CAPTURE [=]\n"), "may begin a lambda");
  EXPECT_EQ(macroWhy("#define CAPTURE_BY(c) [c]\n"), "may begin a lambda");
  EXPECT_EQ(macroWhy("#define RET return [=]\n"), "may begin a lambda");
  EXPECT_EQ(macroWhy("#define WITH_PARAMS [=](int i)\n"), "may begin a lambda");
  EXPECT_EQ(macroWhy("#define MULTI [=] \\\n  __device__ (int i)\n"),
            "has a lambda");
}

TEST(MacroScan, IndexesAttributesAndDeleteAreNoLambdas) {
  EXPECT_EQ(macroWhy("#define A(i, j) a[(i) * n + (j)]\n"), "");
  EXPECT_EQ(macroDefOf("#define A(i, j) a[(i) * n + (j)]\n").IndexedBy, "a");
  EXPECT_EQ(macroWhy("#define AT(arr, i) arr[i]\n"), "");
  EXPECT_EQ(macroDefOf("#define AT(arr, i) arr[i]\n").IndexedBy, "");
  EXPECT_EQ(macroWhy("#define FIRST(x) f(x)[0]\n"), "");
  EXPECT_EQ(macroWhy("#define CH \"abc\"[1]\n"), "");
  EXPECT_EQ(macroWhy("#define CALL(a, i, x) a[i](x)\n"), "");
  EXPECT_EQ(macroWhy("#define LESS(i, j) a[i] < a[j]\n"), "");
  EXPECT_EQ(macroWhy("#define KEEP [[nodiscard]]\n"), "");
  EXPECT_EQ(macroWhy("#define FREE(p) delete[] p\n"), "");
  EXPECT_EQ(macroWhy("#define HD __host__ __device__\n"), "");
  EXPECT_EQ(macroWhy("#define N 4\n#define M N\n"), "");
}

TEST(MacroScan, TheCodeTriggersInBodies) {
  EXPECT_EQ(macroWhy("#define MIN(a, b) std::min(a, b)\n"), "uses std");
  EXPECT_EQ(macroWhy("#define CX constexpr __host__\n"), "has constexpr");
  EXPECT_EQ(macroWhy("#define DEF(T) T() = default;\n"), "has '= default'");
  MacroDef D = macroDefOf("#define GET auto get(int i)\n");
  EXPECT_EQ(D.Why, "has a deduced return type");
  EXPECT_TRUE(D.NeedsHostPass);
  EXPECT_EQ(macroWhy("#define UNROLL _Pragma(\"unroll\")\n"), "has _Pragma");
}

TEST(MacroScan, NamesAndParameters) {
  MacroDef D = macroDefOf("#define LAMBDA(x) [=] HOST_DEVICE (int x) { x; }\n");
  EXPECT_EQ(D.Name, "LAMBDA");
  EXPECT_EQ(D.Line, 1u);
  EXPECT_EQ(D.Names, (std::vector<std::string>{"HOST_DEVICE", "int"}));
  // `F (x)` with a blank is object-like: `(x)` is its body.
  EXPECT_EQ(macroDefOf("#define F (x) [=]\n").Names,
            (std::vector<std::string>{"x"}));
}

TEST(MacroScan, CommandLineDefinitions) {
  EXPECT_EQ(readCommandLineDefinition("L=[=] __device__").Why, "has a lambda");
  EXPECT_EQ(readCommandLineDefinition("L").Name, "L");
  EXPECT_EQ(readCommandLineDefinition("N=4").Why, "");
  MacroDef F = readCommandLineDefinition("F(x)=g[x]");
  EXPECT_EQ(F.Name, "F");
  EXPECT_EQ(F.IndexedBy, "g");
}

// The shapes a body is read for are the ones the rules declared
// (Rule::preScanTriggers), as for the code: a shape no rule declares is
// no reason to lower.
TEST(MacroScan, BodiesAreReadForTheDeclaredShapesOnly) {
  using S = PreScanTriggers;
  EXPECT_EQ(readCommandLineDefinition("L=[=] __device__", S::None).Why, "");
  EXPECT_EQ(readCommandLineDefinition("L=[=] __device__", S::Lambda).Why,
            "has a lambda");
  EXPECT_EQ(readCommandLineDefinition("C=[=]", S::DefaultedMember).Why, "");
  EXPECT_EQ(readCommandLineDefinition("D=X() = default", S::Lambda).Why, "");
  EXPECT_EQ(
      readCommandLineDefinition("D=X() = default", S::DefaultedMember).Why,
      "has '= default'");
  MacroDef Deduced = readCommandLineDefinition("F=auto f(", S::Lambda);
  EXPECT_EQ(Deduced.Why, "");
  EXPECT_FALSE(Deduced.NeedsHostPass);
  Deduced = readCommandLineDefinition("F=auto f(", S::DeducedReturn);
  EXPECT_EQ(Deduced.Why, "has a deduced return type");
  EXPECT_TRUE(Deduced.NeedsHostPass);
  EXPECT_EQ(readCommandLineDefinition("P=# pragma unroll", S::None).Why, "");
  EXPECT_EQ(
      readCommandLineDefinition("P=# pragma unroll", S::PragmaInMacro).Why,
      "has a macro that spells #pragma");
  // The words stay triggers whatever the shapes.
  EXPECT_EQ(readCommandLineDefinition("M=std::min", S::None).Why, "uses std");
  // The default: what the rules on by default declare.
  EXPECT_EQ(defaultPreScanShapes(), defaultPreScanTriggers().Shapes);
}

/// A table of \p Lines's definitions, read as a header outside the project.
MacroTable tableOf(llvm::StringRef Lines) {
  std::string Text = Lines.str();
  MacroTable T;
  for (MacroDef &D : scanHeader(Text, "port.h").Macros)
    T.add(std::move(D));
  T.resolve();
  return T;
}

TEST(MacroScan, ChainsOfMacros) {
  MacroTable T = tableOf("#define HOST_DEVICE __host__ __device__\n"
                         "#define LAMBDA [=] HOST_DEVICE\n"
                         "#define PROJ_LAMBDA LAMBDA\n"
                         "#define OTHER HOST_DEVICE\n");
  EXPECT_EQ(T.toLower("HOST_DEVICE"), nullptr);
  ASSERT_NE(T.toLower("LAMBDA"), nullptr);
  EXPECT_EQ(T.toLower("LAMBDA")->Line, 2u);
  ASSERT_NE(T.toLower("PROJ_LAMBDA"), nullptr);
  EXPECT_EQ(T.toLower("PROJ_LAMBDA")->Why, "expands to LAMBDA");
  EXPECT_EQ(T.toLower("OTHER"), nullptr);
  EXPECT_TRUE(T.anyOutsideToLower());
}

TEST(MacroScan, AnIndexOfAMacroMayBeALambda) {
  MacroTable T = tableOf("#define BEGIN auto f =\n"
                         "#define L BEGIN [=]\n"
                         "#define A(i) a[i]\n");
  ASSERT_NE(T.toLower("L"), nullptr);
  EXPECT_EQ(T.toLower("L")->Why, "may begin a lambda after the macro BEGIN");
  EXPECT_EQ(T.toLower("A"), nullptr);
  EXPECT_FALSE(tableOf("#define A(i) a[i]\n").anyOutsideToLower());
}

TEST(MacroScan, MacrosThatDifferBetweenThePasses) {
  MacroTable T = tableOf("#ifdef __CUDA_ARCH__\n"
                         "#define SIDE 1\n"
                         "#else\n"
                         "#define SIDE 0\n"
                         "#endif\n"
                         "#define ON_GPU (__CUDA_ARCH__ > 0)\n"
                         "#define IF_GPU(x) ON_GPU\n"
                         "#define PLAIN 1\n");
  EXPECT_NE(T.needsBothPasses("SIDE"), nullptr);
  EXPECT_NE(T.needsBothPasses("ON_GPU"), nullptr);
  EXPECT_NE(T.needsBothPasses("IF_GPU"), nullptr);
  EXPECT_EQ(T.needsBothPasses("PLAIN"), nullptr);
  EXPECT_FALSE(T.anyOutsideToLower());
  EXPECT_TRUE(T.anyOutsideBothPasses());
}

TEST(MacroScan, HeaderDirectives) {
  std::string Text = "#include \"a.h\"\n"
                     "  #  include <b/c.h>\n"
                     "#include_next <d.h>\n"
                     "/* #define HIDDEN [=]\n"
                     "   #include \"e.h\" */\n"
                     "const char *s = R\"(\n#define RAW [=]\n)\";\n"
                     "// #define COMMENT [=]\n"
                     "#define SEEN(x) x\n";
  HeaderScan H = scanHeader(Text, "h.h");
  EXPECT_EQ(H.Includes, (std::vector<std::string>{"\"a.h\"", "<b/c.h>"}));
  EXPECT_EQ(H.IncludeNexts, (std::vector<std::string>{"<d.h>"}));
  EXPECT_EQ(H.Opaque, "");
  ASSERT_EQ(H.Macros.size(), 1u);
  EXPECT_EQ(H.Macros[0].Name, "SEEN");
  EXPECT_EQ(H.Macros[0].Line, 10u);
  EXPECT_EQ(H.Macros[0].File, "h.h");
  std::string Computed = "\n#include HEADER(x)\n";
  HeaderScan C = scanHeader(Computed, "h.h");
  EXPECT_EQ(C.Opaque, "");
  ASSERT_EQ(C.Computed.size(), 1u);
  EXPECT_EQ(C.Computed[0].Line, 2u);
  EXPECT_EQ(C.Computed[0].Operand, "HEADER(x)");
}

// Thrust's `#include __THRUST_DEVICE_SYSTEM_TAG_HEADER`: every definition
// of every macro in the name, in turn.
TEST(MacroScan, NamesOfComputedIncludes) {
  MacroTable T = tableOf("#if defined(USE_OMP)\n"
                         "#define NS omp\n"
                         "#else\n"
                         "#define NS cuda\n"
                         "#endif\n"
                         "#define ROOT thrust/system/NS\n"
                         "#define TAG_HEADER <ROOT/detail/tag.h>\n"
                         "#define QUOTED \"config.h\"\n"
                         "#define PICK(x) <x.h>\n");
  EXPECT_EQ(T.includeNames("TAG_HEADER"),
            (std::vector<std::string>{"<thrust/system/omp/detail/tag.h>",
                                      "<thrust/system/cuda/detail/tag.h>"}));
  EXPECT_EQ(T.includeNames("QUOTED"),
            std::vector<std::string>{"\"config.h\""});
  EXPECT_EQ(T.includeNames("PICK(a)"), std::nullopt);
  EXPECT_EQ(T.includeNames("UNDEFINED"), std::nullopt);
}

} // namespace
