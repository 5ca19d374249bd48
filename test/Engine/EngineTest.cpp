// The engine end to end, through runTool on files in a temporary directory:
// what each output mode writes, byte for byte, and the exit codes.

#include "Rules/Registry.h"
#include "cudalower/Tool.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace cudalower;
namespace fs = llvm::sys::fs;

namespace {

/// A UTF-8 BOM, CRLF line ends, tabs, comments and non-ASCII text: all must
/// survive a run that makes no edit, byte for byte.
const char *const Plain =
    "\xEF\xBB\xBF// Gr\xC3\xB6\xC3\x9F" "e: na\xC3\xAFve \xCF\x80 \xE2\x89\x88 3.14\r\n"
    "#include <cstdio>\r\n"
    "\r\n"
    "/* block\r\n"
    "   comment */\r\n"
    "__global__ void\tscale(float *p, float s) {\r\n"
    "\tp[threadIdx.x] *= s; // tab\tinside\r\n"
    "}\r\n"
    "\r\n"
    "int main() {\r\n"
    "\tconst char *msg = \"h\xC3\xA9llo\";\r\n"
    "\tstd::printf(\"%s\\n\", msg);   \r\n"
    "\treturn 0;\r\n"
    "}"; // no newline at the end either

/// The same kind of file with an extended lambda, which a rule rewrites.
const char *const WithLambda =
    "\xEF\xBB\xBF// \xCF\x80\r\n"
    "template <typename F> __global__ void apply(F f, int *p) {\r\n"
    "\tp[threadIdx.x] = f(p[threadIdx.x]);\r\n"
    "}\r\n"
    "void run(int *p, int k) {\r\n"
    "\tapply<<<1, 32>>>([=] __device__(int v) { return v * k; }, p);\r\n"
    "}\r\n";

struct RunResult {
  int Code;
  std::string Out, Err;
};

class EngineTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("cudalower-engine", Dir));
  }
  void TearDown() override { fs::remove_directories(Dir); }

  /// Writes \p Text to \p Name in the test directory; returns its path.
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << P.str().str();
    OS << Text;
    return std::string(P);
  }
  std::string read(llvm::StringRef Path) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
    return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
  }
  std::vector<std::string> entries() {
    std::vector<std::string> Names;
    std::error_code EC;
    for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      Names.push_back(llvm::sys::path::filename(It->path()).str());
    std::sort(Names.begin(), Names.end());
    return Names;
  }

  ToolOptions options(std::vector<std::string> Sources, OutputMode Mode) {
    ToolOptions Opts;
    Opts.Sources = std::move(Sources);
    Opts.InRoot = std::string(Dir);
    Opts.Mode = Mode;
    return Opts;
  }
  static ToolOptions withoutRules(ToolOptions Opts) {
    for (const RuleInfo &R : allRules())
      Opts.DisabledRules.push_back(R.Name.str());
    return Opts;
  }
  static RunResult run(const ToolOptions &Opts) {
    RunResult R;
    llvm::raw_string_ostream Out(R.Out), Err(R.Err);
    R.Code = runTool(Opts, Out, Err);
    return R;
  }

  llvm::SmallString<128> Dir;
};

TEST_F(EngineTest, StdoutIsTheInputByteForByteWhenNothingIsRewritten) {
  std::string Src = write("plain.cu", Plain);
  RunResult R = run(options({Src}, OutputMode::Stdout));
  EXPECT_EQ(R.Code, Success) << R.Err;
  EXPECT_EQ(R.Out, Plain);
  EXPECT_EQ(R.Err, "");
}

TEST_F(EngineTest, EveryModeLeavesTheTextAloneWithEveryRuleDisabled) {
  // The lambda is left in place, so verification reports that plain nvcc
  // would refuse it: exit 1, never 0, and the text is untouched.
  std::string Src = write("lambda.cu", WithLambda);
  const char *Residual = "lambda.cu:6:19: error: a lambda annotated __host__ "
                         "or __device__ is left in place";

  RunResult R = run(withoutRules(options({Src}, OutputMode::Stdout)));
  EXPECT_EQ(R.Code, RewritesNeeded) << R.Err;
  EXPECT_EQ(R.Out, WithLambda);
  EXPECT_NE(R.Err.find(Residual), std::string::npos) << R.Err;

  ToolOptions ToFile = withoutRules(options({Src}, OutputMode::File));
  ToFile.OutputFile = Src + ".out";
  R = run(ToFile);
  EXPECT_EQ(R.Code, RewritesNeeded) << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_EQ(read(ToFile.OutputFile), WithLambda);

  R = run(withoutRules(options({Src}, OutputMode::InPlace)));
  EXPECT_EQ(R.Code, RewritesNeeded) << R.Err;
  EXPECT_EQ(read(Src), WithLambda);
  EXPECT_EQ(entries(),
            (std::vector<std::string>{"lambda.cu", "lambda.cu.out"}));

  R = run(withoutRules(options({Src}, OutputMode::Check)));
  EXPECT_EQ(R.Code, RewritesNeeded) << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_NE(R.Err.find(Residual), std::string::npos) << R.Err;

  // Without verification, nothing is left for the rules to do.
  ToolOptions Unverified = withoutRules(options({Src}, OutputMode::Check));
  Unverified.Verify = false;
  R = run(Unverified);
  EXPECT_EQ(R.Code, Success) << R.Err;
  EXPECT_EQ(R.Err, "");
}

TEST_F(EngineTest, CheckExitsOneOnlyWhenSomethingNeedsRewriting) {
  std::string Plainfile = write("plain.cu", Plain);
  RunResult R = run(options({Plainfile}, OutputMode::Check));
  EXPECT_EQ(R.Code, Success) << R.Err;
  EXPECT_EQ(R.Out, "");

  std::string Lambda = write("lambda.cu", WithLambda);
  // A lambda rule that rewrites nothing is a failure here, never a skip.
  R = run(options({Lambda}, OutputMode::Check));
  EXPECT_EQ(R.Code, RewritesNeeded) << R.Err;
  EXPECT_EQ(R.Out.rfind("--- a/", 0), 0u) << R.Out;
  EXPECT_EQ(read(Lambda), WithLambda) << "--check never writes";
}

TEST_F(EngineTest, SeveralSourcesNeedAModeThatWritesEachFile) {
  std::string A = write("a.cu", Plain), B = write("b.cu", Plain);
  for (OutputMode Mode : {OutputMode::Stdout, OutputMode::File}) {
    ToolOptions Opts = options({A, B}, Mode);
    Opts.OutputFile = Mode == OutputMode::File ? A + ".out" : "";
    RunResult R = run(Opts);
    EXPECT_EQ(R.Code, UsageError);
    EXPECT_EQ(R.Out, "");
    EXPECT_NE(R.Err.find("error: several sources need -i, --diff, --check"),
              std::string::npos)
        << R.Err;
  }
  EXPECT_EQ(entries(), (std::vector<std::string>{"a.cu", "b.cu"}));
}

TEST_F(EngineTest, AParseErrorExitsThreeAndWritesNothing) {
  const char *const Broken = "__global__ void k(int *p) {\n"
                             "  p[0] = ;\n"
                             "}\n";
  std::string Src = write("broken.cu", Broken);
  RunResult R = run(options({Src}, OutputMode::InPlace));
  EXPECT_EQ(R.Code, ParseError);
  EXPECT_NE(R.Err.find("broken.cu:2:10: error: expected expression"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("did not parse; nothing was written"), std::string::npos)
      << R.Err;
  EXPECT_EQ(read(Src), Broken);
  EXPECT_EQ(entries(), std::vector<std::string>{"broken.cu"});
}

TEST_F(EngineTest, BadInputIsAUsageError) {
  std::string Py = write("script.py", "print(1)\n");
  RunResult R = run(options({Py}, OutputMode::Stdout));
  EXPECT_EQ(R.Code, UsageError);
  EXPECT_NE(R.Err.find("not a CUDA or C++ source file"), std::string::npos)
      << R.Err;

  R = run(options({Dir.str().str() + "/missing.cu"}, OutputMode::Stdout));
  EXPECT_EQ(R.Code, UsageError);
  EXPECT_NE(R.Err.find("missing.cu: No such file or directory"),
            std::string::npos)
      << R.Err;

  ToolOptions Unknown = options({write("a.cu", Plain)}, OutputMode::Stdout);
  Unknown.EnabledRules = {"nope"};
  R = run(Unknown);
  EXPECT_EQ(R.Code, UsageError);
  EXPECT_NE(R.Err.find("unknown rule 'nope'"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Out, "");
}

TEST_F(EngineTest, ACrashInARuleCostsOnlyItsSource) {
  std::string Crashing = write("crashing.cu", WithLambda);
  std::string Healthy = write("healthy.cu", WithLambda);
  ToolOptions Opts = options({Crashing, Healthy}, OutputMode::InPlace);
  Opts.TestCrashInRule = "lower-extended-lambda@crashing";
  RunResult R = run(Opts);
  EXPECT_EQ(R.Code, InternalError) << R.Err;
  // One line in the diagnostic format: where, which rule, what happened.
  EXPECT_NE(R.Err.find("crashing.cu:6:19: error: internal error: cuda-lower "
                       "crashed here in the host pass of this rule; nothing "
                       "was written for "),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("[lower-extended-lambda]\n"), std::string::npos)
      << R.Err;
  EXPECT_EQ(read(Crashing), WithLambda);
  EXPECT_NE(read(Healthy), WithLambda);
  EXPECT_NE(read(Healthy).find("struct run_lambda_1"), std::string::npos);
  EXPECT_EQ(entries(),
            (std::vector<std::string>{"crashing.cu", "healthy.cu"}));
}

TEST_F(EngineTest, ACrashPrintsNothingOnStdout) {
  std::string Src = write("crashing.cu", WithLambda);
  ToolOptions Opts = options({Src}, OutputMode::Stdout);
  Opts.TestCrashInRule = "std-to-cuda-std";
  RunResult R = run(Opts);
  EXPECT_EQ(R.Code, InternalError) << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_NE(R.Err.find("[std-to-cuda-std]"), std::string::npos) << R.Err;
}

} // namespace
