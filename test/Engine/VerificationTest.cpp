// Verification: the output parsed again as plain nvcc reads it. The edits
// here are made by hand, so that a broken rewrite can be shown.

#include "Driver/CompilationSetup.h"
#include "Nvcc/CrossSpaceCalls.h"
#include "Nvcc/SpellingFixes.h"
#include "Engine/EditCollector.h"
#include "Engine/Verification.h"
#include "Engine/VerificationReport.h"
#include "Output/Emit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;
namespace fs = llvm::sys::fs;

namespace {

TEST(MapToOriginal, OffsetsAfterAnEditShiftBack) {
  clang::tooling::Replacements Edits;
  // "abcdef" -> "abXYZdef": "c" (2..3) becomes "XYZ".
  llvm::cantFail(Edits.add(clang::tooling::Replacement("f", 2, 1, "XYZ")));
  int64_t Inside = 0;
  EXPECT_EQ(mapToOriginal(Edits, 1, &Inside), 1u);
  EXPECT_EQ(Inside, -1);
  EXPECT_EQ(mapToOriginal(Edits, 3, &Inside), 2u); // "Y", written by the edit
  EXPECT_EQ(Inside, 2);
  EXPECT_EQ(mapToOriginal(Edits, 5, &Inside), 3u); // "d"
  EXPECT_EQ(Inside, -1);
}

TEST(MapToOriginal, InsertionsAndDeletions) {
  clang::tooling::Replacements Edits;
  // "0123456789": insert "ab" at 2, delete 5..7.
  llvm::cantFail(Edits.add(clang::tooling::Replacement("f", 2, 0, "ab")));
  llvm::cantFail(Edits.add(clang::tooling::Replacement("f", 5, 2, "")));
  EXPECT_EQ(mapToOriginal(Edits, 4), 2u);  // "2" after "ab"
  EXPECT_EQ(mapToOriginal(Edits, 7), 7u);  // "7": 5 and 6 are gone
}

class VerificationTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("cudalower-verify", Dir));
  }
  void TearDown() override { fs::remove_directories(Dir); }

  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    llvm::SmallString<128> Real;
    fs::real_path(P, Real);
    return std::string(Real);
  }

  static std::string read(const std::string &Path) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
    return Buffer ? (*Buffer)->getBuffer().str() : std::string();
  }

  /// Runs verification over \p Sources with \p Findings' edits applied;
  /// \p InInput: the cross-space errors the input had (crossSpaceKeys).
  VerificationResult verify(std::vector<std::string> Sources,
                            std::vector<Diagnostic> Findings,
                            std::set<std::string> InInput = {}) {
    ToolOptions Opts;
    Opts.Sources = Sources;
    auto Setup = CompilationSetup::create(Opts);
    EXPECT_TRUE(static_cast<bool>(Setup));
    EditCollector Edits;
    for (Diagnostic &D : Findings)
      Edits.add(std::move(D));
    EXPECT_FALSE(static_cast<bool>(Edits.finalize()));
    // The engine hands over the texts its parse read; here, the files.
    std::map<std::string, std::string> Parsed;
    for (const auto &Entry : Edits.replacements())
      Parsed[Entry.first] = read(Entry.first);
    auto Files = applyEdits(Edits.replacements(), Parsed);
    EXPECT_TRUE(static_cast<bool>(Files));
    llvm::SmallString<128> Root;
    fs::real_path(Dir, Root);
    return verifyOutput({Sources, **Setup, PassSelection::Both, *Files, Edits,
                         OwnedFiles::projectOnly(std::string(Root) + "/"), InInput});
  }

  static Diagnostic finding(const std::string &File, unsigned Offset,
                            unsigned Length, std::string Text) {
    Diagnostic D;
    D.Rule = "some-rule";
    D.File = File;
    D.Offset = Offset;
    D.Line = 2;
    D.Column = Offset + 1;
    D.Message = "a fix";
    Edit E;
    E.File = File;
    E.Offset = Offset;
    E.Length = Length;
    E.Text = std::move(Text);
    D.Edits.push_back(std::move(E));
    return D;
  }

  llvm::SmallString<128> Dir;
};

TEST_F(VerificationTest, ABrokenRewriteIsNamedAndWithheld) {
  std::string Header = write("h.cuh", "__device__ int twice(int x);\n");
  std::string Src = write("a.cu", "#include \"h.cuh\"\n"
                                  "__global__ void k(int *p) { *p = twice(1); }\n");
  std::string Other = write("b.cu", "#include \"h.cuh\"\n");
  // An edit that breaks the header: the declaration loses its type.
  VerificationResult R =
      verify({Src, Other}, {finding(Header, 11, 3, "")});
  ASSERT_FALSE(R.Problems.empty());
  const Diagnostic &P = R.Problems.front();
  EXPECT_EQ(P.Rule, "verify");
  EXPECT_EQ(P.Level, DiagLevel::Error);
  EXPECT_EQ(P.File, Header);
  EXPECT_NE(P.Message.find("the rewritten code does not compile"),
            std::string::npos)
      << P.Message;
  EXPECT_NE(P.Message.find("[some-rule] for the finding at 2:12"),
            std::string::npos)
      << P.Message;
  EXPECT_TRUE(R.Withheld.contains(Header));
}

// Without --extended-lambda, cuda_runtime.h no longer includes <functional>
// and <utility>: a std name missing from the output (which the input's
// parse found, or the tool would have stopped there) is said to be missing
// for that reason.
TEST_F(VerificationTest, AStdNameOnlyTheLambdaFlagIncludedIsExplained) {
  std::string Src = write("a.cu", "int n() {\n"
                                  "  std::unordered_map<int, int> m;\n"
                                  "  return m.size();\n"
                                  "}\n");
  // "n()" -> "n ()": any edit, so that the file is verified.
  VerificationResult R = verify({Src}, {finding(Src, 5, 0, " ")});
  ASSERT_FALSE(R.Problems.empty());
  const std::string &Message = R.Problems.front().Message;
  EXPECT_NE(Message.find("'unordered_map' in namespace 'std'"),
            std::string::npos)
      << Message;
  EXPECT_NE(Message.find("--extended-lambda makes cuda_runtime.h include "
                         "<functional> and <utility>"),
            std::string::npos)
      << Message;
}

TEST_F(VerificationTest, AGoodRewriteIsAccepted) {
  std::string Src =
      write("a.cu", "__device__ int twice(int x) { return 2 * x; }\n");
  // "2 * x" -> "x + x".
  VerificationResult R = verify({Src}, {finding(Src, 37, 5, "x + x")});
  EXPECT_TRUE(R.Problems.empty());
  EXPECT_TRUE(R.Withheld.empty());
}

TEST_F(VerificationTest, ResidualsAreReportedButNotWithheld) {
  std::string Src = write(
      "a.cu", "constexpr int sq(int x) { return x * x; }\n"
              "__global__ void k(int *p) { p[0] = sq(2); }\n"
              "void h(int *p) { auto f = [] __device__ (int i) { return i; }; }\n"
              "#ifndef __CUDACC_EXTENDED_LAMBDA__\n"
              "#error needs the flag\n"
              "#endif\n");
  VerificationResult R = verify({Src}, {});
  std::string All;
  for (const Diagnostic &D : R.Problems)
    All += std::to_string(D.Line) + ":" + std::to_string(D.Column) + " " +
           D.Message + "\n";
  EXPECT_NE(All.find("2:36 constexpr function 'sq' is a host function for "
                     "nvcc and is called from device code; plain nvcc needs "
                     "--expt-relaxed-constexpr here"),
            std::string::npos)
      << All;
  EXPECT_NE(All.find("3:27 a lambda annotated __host__ or __device__ is "
                     "left in place"),
            std::string::npos)
      << All;
  EXPECT_NE(All.find("5:2 without nvcc's"), std::string::npos) << All;
  EXPECT_TRUE(R.Withheld.empty());
}

TEST_F(VerificationTest, ExceptionsAndTypeidInDeviceCodeAreResiduals) {
  // nvcc refuses them in every function it compiles for the GPU, used there
  // or not; a guard on __CUDA_ARCH__ keeps them out of that compilation.
  std::string Src = write("a.cu", "#include <typeinfo>\n"
                                  "__host__ __device__ inline int f(int x) {\n"
                                  "#ifndef __CUDA_ARCH__\n"
                                  "  if (x < 0) throw 1;\n"
                                  "#endif\n"
                                  "  return x;\n"
                                  "}\n"
                                  "__host__ __device__ inline int g(int x) {\n"
                                  "  if (x < 0) throw 2;\n"
                                  "  return typeid(x).name()[0];\n"
                                  "}\n"
                                  "inline int h(int x) { if (x) throw 3; "
                                  "return 0; }\n");
  VerificationResult R = verify({Src}, {});
  std::string All;
  for (const Diagnostic &D : R.Problems)
    All += std::to_string(D.Line) + ":" + std::to_string(D.Column) + " " +
           D.Message + "\n";
  EXPECT_NE(All.find("9:14 device code does not support exception handling "
                     "('throw')"),
            std::string::npos)
      << All;
  EXPECT_NE(All.find("10:10 device code does not support 'typeid'"),
            std::string::npos)
      << All;
  EXPECT_EQ(R.Problems.size(), 2u) << All;
}

TEST_F(VerificationTest, DeviceCodeCallingAHostFunctionIsNeverExcused) {
  // The input had the same error: nvcc refuses it with the flags too, so the
  // output does not build either.
  const char *Code = "void host_only(int *);\n"
                     "__global__ void k(int *p) { host_only(p); }\n";
  std::string Src = write("a.cu", Code);
  unsigned Call = llvm::StringRef(Code).find("host_only(p)");
  std::set<std::string> InInput;
  for (const std::string &K : crossSpaceKeys(Src, Call, "host_only"))
    InInput.insert(K);
  VerificationResult R = verify({Src}, {}, InInput);
  ASSERT_EQ(R.Problems.size(), 1u);
  EXPECT_NE(R.Problems[0].Message.find("(plain nvcc refuses this)"),
            std::string::npos)
      << R.Problems[0].Message;
}

TEST_F(VerificationTest, HostCodeNamingADeviceFunctionIsExcusedIfTheInputDid) {
  // Clang refuses a __device__ call even in a host decltype; nvcc does not.
  const char *Code =
      "struct F { __device__ float operator()(int i) const { return i; } };\n"
      "int h() { F f; return sizeof(decltype(f(1))); }\n";
  std::string Src = write("a.cu", Code);
  VerificationResult Fresh = verify({Src}, {});
  ASSERT_FALSE(Fresh.Problems.empty());
  unsigned At = Fresh.Problems[0].Offset;
  std::set<std::string> InInput;
  for (const std::string &K : crossSpaceKeys(Src, At, ""))
    InInput.insert(K);
  EXPECT_TRUE(verify({Src}, {}, InInput).Problems.empty());
}

} // namespace
