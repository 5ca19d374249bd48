//===--- NvccCommandLine.cpp - What an nvcc command line asks for ---------===//

#include "Wrapper/NvccCommandLine.h"
#include "Driver/NvccFlags.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

namespace cudalower {

bool isLauncherName(llvm::StringRef Word) {
  llvm::StringRef Name = llvm::sys::path::stem(Word);
  return llvm::StringSwitch<bool>(Name)
      .Cases({"ccache", "sccache", "buildcache", "distcc", "icecc"}, true)
      .Default(false);
}

namespace {

/// Files nvcc compiles or links, by extension: never a compiler.
bool hasInputExtension(llvm::StringRef Word) {
  return llvm::StringSwitch<bool>(llvm::sys::path::extension(Word))
      .Cases({".cu", ".c", ".cc", ".cpp", ".cxx", ".C", ".o", ".obj"}, true)
      .Cases({".a", ".so", ".lib", ".ptx", ".cubin", ".fatbin", ".ii"}, true)
      .Cases({".cup", ".gpu", ".res", ".optixir", ".ltoir"}, true)
      .Default(false);
}

/// Reads one `--cuda-lower-...` option into \p Opts.
llvm::Error readWrapperOption(llvm::StringRef Arg, WrapperOptions &Opts) {
  if (Arg == "--cuda-lower-strict")
    Opts.Strict = true;
  else if (Arg == "--cuda-lower-verbose")
    Opts.Verbose = true;
  else if (Arg == "--cuda-lower-verify")
    Opts.Verify = true;
  else if (Arg == "--cuda-lower-version")
    Opts.Version = true;
  else if (Arg.consume_front("--cuda-lower-nvcc=") && !Arg.empty())
    Opts.Nvcc = Arg.str();
  else if (Arg.consume_front("--cuda-lower-root=") && !Arg.empty())
    Opts.Root = Arg.str();
  else
    return llvm::createStringError(
        "unknown option '" + Arg +
        "' (cuda-lower-nvcc takes --cuda-lower-strict, --cuda-lower-verbose, "
        "--cuda-lower-verify, --cuda-lower-version, --cuda-lower-nvcc=PATH "
        "and --cuda-lower-root=DIR)");
  return llvm::Error::success();
}

} // namespace

llvm::Expected<WrapperCommand>
splitWrapperCommand(llvm::ArrayRef<std::string> Argv,
                    llvm::function_ref<bool(llvm::StringRef)> IsProgram) {
  WrapperCommand Cmd;
  std::vector<std::string> Rest;
  for (const std::string &Arg : Argv) {
    if (llvm::StringRef(Arg).starts_with("--cuda-lower-")) {
      if (llvm::Error E = readWrapperOption(Arg, Cmd.Options))
        return E;
      continue;
    }
    Rest.push_back(Arg);
  }
  size_t I = 0;
  auto StartsLauncher = [&](llvm::StringRef W) {
    return !W.starts_with("-") && !W.starts_with("@") &&
           !hasInputExtension(W) && IsProgram(W);
  };
  if (!Rest.empty() && StartsLauncher(Rest.front())) {
    while (I < Rest.size()) {
      Cmd.Launcher.push_back(Rest[I]);
      bool Launcher = isLauncherName(Rest[I++]);
      if (!Launcher || I == Rest.size() || !StartsLauncher(Rest[I]))
        break;
    }
  }
  Cmd.Args.assign(Rest.begin() + I, Rest.end());
  return Cmd;
}

bool isLoweringFlag(llvm::StringRef Arg) {
  if (!Arg.starts_with("-"))
    return false;
  return llvm::StringSwitch<bool>(Arg.ltrim('-'))
      .Cases({"extended-lambda", "expt-extended-lambda"}, true)
      .Case("expt-relaxed-constexpr", true)
      .Default(false);
}

namespace {

/// nvcc options after which there is nothing for the wrapper to do.
const char *passThroughReasonOf(llvm::StringRef Arg) {
  return llvm::StringSwitch<const char *>(Arg)
      .Cases({"--version", "-V", "--help", "-h"}, "an informational option")
      .Cases({"-E", "--preprocess", "-M", "--generate-dependencies"},
             "preprocessing only")
      .Cases({"-MM", "--generate-nonsystem-dependencies"}, "preprocessing only")
      .Cases({"-link", "--link", "-dlink", "--device-link"}, "a link step")
      .Cases({"-lib", "--lib"}, "a link step")
      .Default(nullptr);
}

bool stopsBeforeLink(llvm::StringRef Arg) {
  return llvm::StringSwitch<bool>(Arg)
      .Cases({"-c", "--compile", "-dc", "--device-c", "-dw", "--device-w"},
             true)
      .Cases({"-ptx", "--ptx", "-cubin", "--cubin", "-fatbin", "--fatbin"},
             true)
      .Cases({"-optix-ir", "--optix-ir", "-cuda", "--cuda"}, true)
      .Default(false);
}

bool isDryRun(llvm::StringRef Arg) {
  return Arg == "--dryrun" || Arg == "-dryrun";
}

/// The value of `Opt VALUE`, `Opt=VALUE` (and `-oVALUE` for short options
/// nvcc accepts joined); advances \p I past a separate value.
bool valueOf(llvm::ArrayRef<std::string> Args, size_t &I, llvm::StringRef Opt,
             std::string &Value) {
  llvm::StringRef Arg = Args[I];
  if (Arg == Opt) {
    if (I + 1 >= Args.size())
      return false;
    Value = Args[++I];
    return true;
  }
  if (Arg.consume_front(Opt) && Arg.consume_front("=")) {
    Value = Arg.str();
    return true;
  }
  return false;
}

/// nvcc's default dependency file for -MD/-MMD: the output's name with
/// `.d` for its extension, or the input's when there is no -o.
std::string defaultDepFile(const NvccRequest &R,
                           llvm::ArrayRef<std::string> Args) {
  llvm::SmallString<256> Name;
  if (!R.OutputFile.empty())
    Name = R.OutputFile;
  else if (!R.CudaInputs.empty())
    Name = llvm::sys::path::filename(Args[R.CudaInputs.front()]);
  llvm::sys::path::replace_extension(Name, "d");
  return Name.str().str();
}

} // namespace

NvccRequest readNvccRequest(llvm::ArrayRef<std::string> Args) {
  NvccRequest R;
  bool LanguageCu = false, WritesDeps = false;
  std::vector<size_t> Inputs;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    std::string V;
    if (const char *Why = passThroughReasonOf(Arg)) {
      if (R.PassThroughReason.empty())
        R.PassThroughReason = Why;
    } else if (stopsBeforeLink(Arg)) {
      R.StopsBeforeLink = true;
    } else if (isDryRun(Arg)) {
      R.DryRun = true;
    } else if (Arg == "-MD" || Arg == "-MMD" ||
               Arg == "--generate-dependencies-with-compile" ||
               Arg == "--generate-nonsystem-dependencies-with-compile") {
      WritesDeps = true;
    } else if (valueOf(Args, I, "-o", V) ||
               valueOf(Args, I, "--output-file", V)) {
      R.OutputFile = V;
    } else if (valueOf(Args, I, "-odir", V) ||
               valueOf(Args, I, "--output-directory", V)) {
      R.OutputDir = V;
    } else if (valueOf(Args, I, "-MF", V) ||
               valueOf(Args, I, "--dependency-output", V)) {
      R.DepFile = V;
    } else if (valueOf(Args, I, "-x", V) || valueOf(Args, I, "--x", V)) {
      LanguageCu = V == "cu";
    } else if (Arg.starts_with("-") && Arg.size() > 1) {
      if (nvccOptionTakesSeparateValue(Arg))
        ++I;
    } else if (LanguageCu || llvm::sys::path::extension(Arg) == ".cu") {
      R.CudaInputs.push_back(I);
    }
  }
  if (R.CudaInputs.empty() && R.PassThroughReason.empty())
    R.PassThroughReason = "no CUDA source to compile";
  if (WritesDeps && R.DepFile.empty())
    R.DepFile = defaultDepFile(R, Args);
  return R;
}

std::vector<std::string> argsForLowering(llvm::ArrayRef<std::string> Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (isDryRun(Arg) || Arg == "--keep" || Arg == "-keep" ||
        Arg == "-save-temps" || Arg == "--save-temps" ||
        Arg.starts_with("--keep-dir=") || Arg.starts_with("-keep-dir="))
      continue;
    if (Arg == "--keep-dir" || Arg == "-keep-dir") {
      ++I;
      continue;
    }
    Out.push_back(Args[I]);
    if (nvccOptionTakesSeparateValue(Arg) && I + 1 < Args.size())
      Out.push_back(Args[++I]);
  }
  return Out;
}

} // namespace cudalower
