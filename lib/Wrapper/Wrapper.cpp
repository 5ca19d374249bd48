//===--- Wrapper.cpp - cuda-lower-nvcc: lower, then run the real nvcc -----===//
//
// The flow: split the command line (wrapper options, launchers, nvcc's
// arguments) -> pass anything that compiles no CUDA source through as it is
// -> per CUDA input, pre-scan and lower into a private overlay -> run nvcc
// on the copies -> rewrite the dependency file to name the originals.
// Without --cuda-lower-strict, any failure of the lowering, or of nvcc on
// the lowered copies, compiles the originals with the user's flags instead.
//
//===----------------------------------------------------------------------===//

#include "cudalower/Wrapper.h"
#include "cudalower/Version.h"
#include "Driver/NvccFlags.h"
#include "Wrapper/FindNvcc.h"
#include "Wrapper/NvccCommandLine.h"
#include "Wrapper/PrivateCopy.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalower {

namespace {

constexpr int WrapperUsageError = 2;

/// Runs \p Argv (argv[0] a name on PATH or a path); with \p Capture, its
/// stdout and stderr go to that file instead of ours. \returns its exit
/// code.
int run(const std::vector<std::string> &Argv, llvm::StringRef Capture = "") {
  std::string Program = Argv.front();
  if (!llvm::StringRef(Program).contains('/'))
    if (auto Found = llvm::sys::findProgramByName(Program))
      Program = *Found;
  std::vector<llvm::StringRef> Refs(Argv.begin(), Argv.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, std::nullopt,
                                                std::nullopt};
  if (!Capture.empty())
    Redirects[1] = Redirects[2] = Capture;
  std::string Error;
  int Code = llvm::sys::ExecuteAndWait(Program, Refs, std::nullopt,
                                       Redirects, 0, 0, &Error);
  if (Code < 0) {
    llvm::errs() << "cuda-lower-nvcc: error: cannot run " << Argv.front()
                 << ": " << Error << '\n';
    return WrapperUsageError;
  }
  return Code;
}

/// Prints what a captured run wrote, on stderr (nvcc's warnings; a
/// compiler's stdout and stderr are merged when captured).
void replay(llvm::StringRef Capture) {
  if (auto Buffer = llvm::MemoryBuffer::getFile(Capture))
    llvm::errs() << (*Buffer)->getBuffer();
}

/// One nvcc-style warning line: why an input is compiled from its original.
void warnFallback(llvm::StringRef Input, llvm::StringRef Why) {
  llvm::errs() << Input << "(1): warning: cuda-lower-nvcc: " << Why
               << "; compiling the original with the given flags\n";
}

/// True if \p Program (a name on PATH or a path) is the running wrapper.
bool isSelf(llvm::StringRef Program, llvm::StringRef Self) {
  std::string Path = Program.str();
  if (!Program.contains('/'))
    if (auto Found = llvm::sys::findProgramByName(Program))
      Path = *Found;
  llvm::SmallString<256> A, B;
  return !llvm::sys::fs::real_path(Path, A) &&
         !llvm::sys::fs::real_path(Self, B) && A == B;
}

/// The wrapper's version and build: a rebuilt wrapper lowers again.
std::string toolIdentity(llvm::StringRef Self) {
  llvm::sys::fs::file_status Status;
  std::string Id = CUDALOWER_VERSION_STRING;
  if (!llvm::sys::fs::status(Self, Status))
    Id += " " + std::to_string(Status.getLastModificationTime()
                                   .time_since_epoch()
                                   .count()) +
          " " + std::to_string(Status.getSize());
  return Id;
}

struct Plan {
  std::vector<std::string> Compiler; ///< Launchers and the real nvcc.
  std::vector<std::string> Args;     ///< Option files expanded.
  NvccRequest Req;
};

/// The nvcc command for the lowered inputs.
std::vector<std::string> loweredCommand(const Plan &P,
                                        const std::vector<LoweredInput> &In,
                                        bool Strict) {
  std::vector<std::string> Cmd = P.Compiler;
  for (const LoweredInput &L : In)
    Cmd.insert(Cmd.end(), L.IncludeArgs.begin(), L.IncludeArgs.end());
  for (size_t I = 0; I < P.Args.size(); ++I) {
    if (Strict && isLoweringFlag(P.Args[I]))
      continue;
    auto Pos = llvm::find(P.Req.CudaInputs, I);
    Cmd.push_back(Pos == P.Req.CudaInputs.end()
                      ? P.Args[I]
                      : In[Pos - P.Req.CudaInputs.begin()].Compile);
  }
  return Cmd;
}

/// Runs nvcc on the lowered copies. Strict: its result is final. Otherwise
/// its output is held back, and if it fails the originals are compiled.
int compileLowered(const Plan &P, const std::vector<LoweredInput> &In,
                   const std::vector<std::string> &Original, bool Strict) {
  std::vector<std::string> Cmd = loweredCommand(P, In, Strict);
  // A dry run compiles nothing, so there is nothing to fall back from, and
  // its listing must reach the caller as nvcc writes it.
  if (P.Req.DryRun)
    return run(Cmd);
  int Code;
  if (Strict) {
    Code = run(Cmd);
  } else {
    llvm::SmallString<128> Capture;
    if (llvm::sys::fs::createTemporaryFile("cuda-lower-nvcc", "log",
                                           Capture))
      return run(Original);
    Code = run(Cmd, Capture);
    if (Code != 0) {
      llvm::sys::fs::remove(Capture);
      warnFallback(P.Args[P.Req.CudaInputs.front()],
                   "nvcc did not compile the lowered copy");
      return run(Original);
    }
    replay(Capture);
    llvm::sys::fs::remove(Capture);
  }
  if (Code == 0 && !P.Req.DepFile.empty())
    for (const LoweredInput &L : In)
      if (L.Result == LoweredInput::Lowered)
        rewriteDepFile(P.Req.DepFile, L.OverlayRoot);
  return Code;
}

/// After nvcc failed on lowered copies in strict mode: what the lowering
/// found in each, which a build that prints only nvcc's errors hides (a
/// lambda the rules could not lower fails as "requires --extended-lambda";
/// the reason is among these findings).
void explainStrictFailure(const std::vector<LoweredInput> &In,
                          const std::vector<std::string> &Args,
                          const NvccRequest &Req) {
  for (size_t I = 0; I < In.size(); ++I) {
    if (In[I].Result != LoweredInput::Lowered)
      continue;
    const std::string &Input = Args[Req.CudaInputs[I]];
    std::string Found = toNvccFormat(In[I].Diagnostics);
    if (Found.empty()) {
      llvm::errs() << "cuda-lower-nvcc: note: nvcc did not compile the "
                      "lowered copy of "
                   << Input
                   << " (its lowering was reused from the cache: run "
                      "cuda-lower on it to see what the lowering found)\n";
      continue;
    }
    llvm::errs() << "cuda-lower-nvcc: note: nvcc did not compile the lowered "
                    "copy of "
                 << Input << "; what the lowering found there:\n"
                 << Found;
  }
}

} // namespace

int runWrapper(llvm::ArrayRef<std::string> Args, llvm::StringRef Self) {
  // $CUDA_LOWER_NVCC_OPTIONS: wrapper options where the command line cannot
  // carry them (ccache's prefix_command takes programs only).
  std::vector<std::string> All;
  if (std::optional<std::string> Env =
          llvm::sys::Process::GetEnv("CUDA_LOWER_NVCC_OPTIONS")) {
    llvm::SmallVector<llvm::StringRef, 4> Words;
    llvm::StringRef(*Env).split(Words, ' ', -1, /*KeepEmpty=*/false);
    All.assign(Words.begin(), Words.end());
  }
  All.insert(All.end(), Args.begin(), Args.end());
  auto Cmd = splitWrapperCommand(All, isProgram);
  if (!Cmd) {
    llvm::errs() << "cuda-lower-nvcc: error: "
                 << llvm::toString(Cmd.takeError()) << '\n';
    return WrapperUsageError;
  }
  if (Cmd->Options.Version) {
    llvm::outs() << versionLine("cuda-lower-nvcc") << '\n';
    return 0;
  }
  Plan P;
  P.Compiler = Cmd->Launcher;
  // A chain that ends with a launcher (`cuda-lower-nvcc ccache -c x.cu`)
  // has no compiler yet. `cuda-lower-nvcc nvcc ...` where `nvcc` on PATH is this wrapper: the
  // real one is looked for as in compiler position, or it would run itself.
  if (!P.Compiler.empty() && isSelf(P.Compiler.back(), Self))
    P.Compiler.pop_back();
  if (P.Compiler.empty() || isLauncherName(P.Compiler.back())) {
    auto Nvcc = findRealNvcc(Cmd->Options.Nvcc, Self,
                             [](const char *Var) {
                               return llvm::sys::Process::GetEnv(Var);
                             });
    if (!Nvcc) {
      llvm::errs() << "cuda-lower-nvcc: error: "
                   << llvm::toString(Nvcc.takeError()) << '\n';
      return WrapperUsageError;
    }
    P.Compiler.push_back(*Nvcc);
  }
  std::vector<std::string> Original = P.Compiler;
  Original.insert(Original.end(), Cmd->Args.begin(), Cmd->Args.end());

  // Option files are read here only to see the inputs; nvcc gets the
  // expanded arguments when it compiles copies, the originals otherwise.
  std::vector<std::string> Expanded{"nvcc"};
  Expanded.insert(Expanded.end(), Cmd->Args.begin(), Cmd->Args.end());
  if (llvm::Error E = expandOptionFiles(Expanded, "")) {
    llvm::consumeError(std::move(E)); // nvcc reports it in its own words
    return run(Original);
  }
  P.Args.assign(Expanded.begin() + 1, Expanded.end());
  P.Req = readNvccRequest(P.Args);
  if (!P.Req.PassThroughReason.empty())
    return run(Original);

  const WrapperOptions &Opts = Cmd->Options;
  const std::vector<std::string> LoweringArgs = argsForLowering(P.Args);
  std::vector<LoweredInput> In;
  bool AnyLowered = false;
  for (size_t Index : P.Req.CudaInputs) {
    const std::string &Input = P.Args[Index];
    In.push_back(lowerInput(Input, LoweringArgs, privateDirFor(Input, P.Req),
                            Opts, toolIdentity(Self)));
    const LoweredInput &L = In.back();
    if (Opts.Verbose || (Opts.Strict && L.Result == LoweredInput::Failed))
      llvm::errs() << toNvccFormat(L.Diagnostics);
    llvm::errs() << L.Notes;
    if (L.Result == LoweredInput::Failed) {
      if (Opts.Strict) {
        llvm::errs() << Input << "(1): error: cuda-lower-nvcc: " << L.Why
                     << '\n';
        return 1;
      }
      warnFallback(Input, L.Why);
      return run(Original);
    }
    AnyLowered |= L.Result == LoweredInput::Lowered;
  }
  if (!AnyLowered && !Opts.Strict)
    return run(Original);
  int Code = compileLowered(P, In, Original, Opts.Strict);
  if (Code != 0 && Opts.Strict && !Opts.Verbose && !P.Req.DryRun)
    explainStrictFailure(In, P.Args, P.Req);
  return Code;
}

} // namespace cudalower
