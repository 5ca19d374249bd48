//===--- CompilationSetup.cpp - How each source is parsed -----------------===//

#include "Driver/CompilationSetup.h"
#include "Driver/ClangFlagCheck.h"
#include "Driver/NvccFlags.h"
#include "Driver/ResourceDir.h"
#include "Editing/IncludeSite.h"
#include "Nvcc/AtomicBuiltins.h"
#include "Nvcc/HostCompilerHeaders.h"
#include "Output/DiagnosticPrinter.h"
#include "clang/Basic/OffloadArch.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <cassert>

namespace cudalower {

static bool isCudaToolkit(llvm::StringRef Dir) {
  llvm::SmallString<256> Header(Dir);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  return !Dir.empty() && llvm::sys::fs::exists(Header);
}

std::vector<CompilationPass> passesFor(PassSelection Sel) {
  switch (Sel) {
  case PassSelection::HostOnly:
    return {CompilationPass::Host};
  case PassSelection::DeviceOnly:
    return {CompilationPass::Device};
  case PassSelection::Both:
    break;
  }
  return {CompilationPass::Host, CompilationPass::Device};
}

llvm::Expected<std::string> findCudaPath(llvm::StringRef Explicit) {
  if (!Explicit.empty()) {
    if (isCudaToolkit(Explicit))
      return Explicit.str();
    return llvm::createStringError("--cuda-path '" + Explicit +
                                   "' holds no include/cuda_runtime.h");
  }
  std::vector<std::string> Candidates;
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> V = llvm::sys::Process::GetEnv(Var))
      Candidates.push_back(*V);
  if (llvm::ErrorOr<std::string> Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(*Nvcc, Real))
      Candidates.push_back(llvm::sys::path::parent_path(
                               llvm::sys::path::parent_path(Real))
                               .str());
  }
  Candidates.push_back(CUDALOWER_DEFAULT_CUDA_PATH);
  for (const std::string &C : Candidates)
    if (isCudaToolkit(C))
      return C;
  return llvm::createStringError(
      "no CUDA toolkit found (looked at $CUDA_PATH, $CUDA_HOME, nvcc on PATH "
      "and " CUDALOWER_DEFAULT_CUDA_PATH "); pass --cuda-path");
}

llvm::Expected<std::string> findProjectRoot(llvm::StringRef Explicit,
                                            llvm::StringRef FirstSource,
                                            llvm::vfs::FileSystem &FS) {
  llvm::SmallString<256> Real;
  if (!Explicit.empty()) {
    llvm::ErrorOr<llvm::vfs::Status> Dir = FS.status(Explicit);
    if (FS.getRealPath(Explicit, Real) || !Dir || !Dir->isDirectory())
      return llvm::createStringError("--in-root '" + Explicit +
                                     "' is not a directory");
    return std::string(Real);
  }
  if (FS.getRealPath(FirstSource, Real))
    return llvm::createStringError("cannot resolve '" + FirstSource + "'");
  llvm::StringRef Dir = llvm::sys::path::parent_path(Real);
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Git(D);
    llvm::sys::path::append(Git, ".git");
    if (FS.exists(Git))
      return D.str();
  }
  return Dir.str();
}

static bool isSourceFile(llvm::StringRef Path) {
  static const llvm::StringSet<> Exts = {
      ".cu",  ".cuh", ".cpp", ".cc", ".cxx", ".c++", ".cp", ".C",
      ".h",   ".hpp", ".hh",  ".hxx", ".inl", ".ipp", ".tcc", ".cuinl"};
  return Exts.contains(llvm::sys::path::extension(Path));
}

llvm::Expected<std::vector<std::string>>
resolveSources(const std::vector<std::string> &Sources,
               llvm::vfs::FileSystem &FS) {
  std::vector<std::string> Out;
  for (const std::string &S : Sources) {
    llvm::SmallString<256> Real;
    if (std::error_code EC = FS.getRealPath(S, Real))
      return llvm::createStringError(S + ": " + EC.message());
    llvm::ErrorOr<llvm::vfs::Status> Status = FS.status(Real);
    if (!Status)
      return llvm::createStringError(S + ": " + Status.getError().message());
    if (Status->isDirectory())
      return llvm::createStringError(S + ": is a directory");
    if (!isSourceFile(Real))
      return llvm::createStringError(
          S + ": not a CUDA or C++ source file (expected .cu, .cuh, .cpp, "
              ".h, ...)");
    Out.push_back(std::string(Real));
  }
  return Out;
}

llvm::Error checkSourcesUnderRoot(const std::vector<std::string> &Sources,
                                  const std::vector<std::string> &Roots,
                                  llvm::StringRef InRoot) {
  auto UnderARoot = [&](llvm::StringRef S) {
    return llvm::any_of(Roots,
                        [&](const std::string &R) { return S.starts_with(R); });
  };
  for (const std::string &S : Sources)
    if (!UnderARoot(S))
      return llvm::createStringError(
          displayPath(S) + ": outside the project root '" +
          llvm::StringRef(Roots.front()).drop_back() + "' (" +
          (InRoot.empty() ? "the git work tree or directory of the first "
                            "source; pass --in-root to name one holding "
                            "every source"
                          : "--in-root") +
          "); it would not be rewritten");
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<CompilationSetup>>
CompilationSetup::create(const ToolOptions &Opts) {
  std::unique_ptr<CompilationSetup> Setup(new CompilationSetup());
  Setup->Opts = &Opts;
  llvm::Expected<std::string> Cuda = findCudaPath(Opts.CudaPath);
  if (!Cuda)
    return Cuda.takeError();
  Setup->CudaPath = *Cuda;
  llvm::SmallString<256> Cwd;
  if (std::error_code EC = llvm::sys::fs::current_path(Cwd))
    return llvm::createStringError("cannot read the working directory: " +
                                   EC.message());
  Setup->ToolDirectory = std::string(Cwd);
  if (llvm::Error E = checkGpuArch(Opts.GpuArch, "--cuda-gpu-arch"))
    return E;
  if (Opts.Database) {
    Setup->DatabaseFile = Opts.DatabaseName;
    Setup->Database = Opts.Database;
  } else if (!Opts.BuildPath.empty()) {
    auto Db = loadBuildDatabase(Opts.BuildPath);
    if (!Db)
      return Db.takeError();
    Setup->DatabaseFile = std::move(Db->File);
    Setup->Database = std::move(Db->Database);
  }
  if (Opts.PreludeCache)
    Setup->Prelude =
        std::make_unique<PreludeCache>(PreludeCache::defaultDirectory());
  Setup->ExtraArgs = Opts.ExtraArgs;
  Setup->ExtraArgsBefore = Opts.ExtraArgsBefore;
  Setup->dropUnknownFlags(Setup->ExtraArgsBefore, "--extra-arg-before");
  Setup->dropUnknownFlags(Setup->ExtraArgs, "--extra-arg or after --");
  return Setup;
}

CompilationSetup::~CompilationSetup() = default;

void CompilationSetup::dropUnknownFlags(std::vector<std::string> &Args,
                                        llvm::StringRef From) {
  for (const std::string &Flag : dropUnknownClangFlags(Args)) {
    std::string Note = "cuda-lower: note: '" + Flag + "' (" + From.str() +
                       ") is not a Clang flag; it is dropped\n";
    if (llvm::find(Messages, Note) == Messages.end())
      Messages.push_back(std::move(Note));
  }
}

llvm::Error checkGpuArch(llvm::StringRef Arch, const llvm::Twine &From) {
  clang::OffloadArch A = clang::StringToOffloadArch(Arch);
  if (A != clang::OffloadArch::UNKNOWN && clang::IsNVIDIAOffloadArch(A))
    return llvm::Error::success();
  return llvm::createStringError("'" + Arch + "' (" + From +
                                 ") is not an NVIDIA GPU architecture that "
                                 "Clang knows (for example sm_80, sm_90)");
}

std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompileDatabase(llvm::StringRef Json, std::string &Error) {
  using clang::tooling::JSONCommandLineSyntax;
  using clang::tooling::JSONCompilationDatabase;
  auto Buffer = llvm::MemoryBuffer::getFile(Json, /*IsText=*/true);
  llvm::Expected<llvm::json::Value> Root =
      Buffer ? llvm::json::parse((*Buffer)->getBuffer())
             : llvm::Expected<llvm::json::Value>(
                   llvm::errorCodeToError(Buffer.getError()));
  llvm::json::Array *Entries = Root ? Root->getAsArray() : nullptr;
  if (!Entries) {
    // Clang's loader words the error.
    if (!Root)
      llvm::consumeError(Root.takeError());
    return JSONCompilationDatabase::loadFromFile(
        Json, Error, JSONCommandLineSyntax::AutoDetect);
  }
  llvm::SmallString<256> Base(Json);
  llvm::sys::fs::make_absolute(Base);
  llvm::sys::path::remove_filename(Base);
  for (llvm::json::Value &Entry : *Entries) {
    llvm::json::Object *Obj = Entry.getAsObject();
    std::optional<llvm::StringRef> Dir =
        Obj ? Obj->getString("directory") : std::nullopt;
    if (!Dir || llvm::sys::path::is_absolute(*Dir))
      continue;
    llvm::SmallString<256> Abs(*Dir);
    llvm::sys::path::make_absolute(Base, Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    (*Obj)["directory"] = std::string(Abs);
  }
  std::string Text;
  llvm::raw_string_ostream(Text) << llvm::json::Value(std::move(*Root));
  return JSONCompilationDatabase::loadFromBuffer(
      Text, Error, JSONCommandLineSyntax::AutoDetect);
}

llvm::Expected<BuildDatabase> loadBuildDatabase(llvm::StringRef BuildPath) {
  llvm::SmallString<256> Json(BuildPath);
  if (!llvm::sys::fs::is_directory(Json) &&
      llvm::sys::path::filename(Json) == "compile_commands.json")
    Json = llvm::sys::path::parent_path(BuildPath);
  llvm::sys::path::append(Json, "compile_commands.json");
  if (!llvm::sys::fs::exists(Json))
    return llvm::createStringError(Json + ": no such file (from -p)");
  std::string Error;
  BuildDatabase Db{std::string(Json), loadCompileDatabase(Json, Error)};
  if (!Db.Database)
    return llvm::createStringError(Json + ": cannot read the compile "
                                          "database: " + Error);
  return Db;
}

llvm::Expected<CompilationSetup::SourceCommand>
CompilationSetup::readCommand(llvm::StringRef File) const {
  SourceCommand Out;
  if (!Database)
    return Out;
  auto Commands = Database->getCompileCommands(File);
  if (Commands.empty())
    return Out; // prepare() warns.
  clang::tooling::CompileCommand &C = Commands.front();
  if (llvm::Error E = expandOptionFiles(C.CommandLine, C.Directory))
    return E;
  Out.Directory = C.Directory;
  Out.Parsed = parseCompileCommand(C.CommandLine, C.Filename);
  return Out;
}

CompilationSetup::SourceCommand
CompilationSetup::commandOf(llvm::StringRef File) const {
  auto It = Prepared.find(File.str());
  assert((It != Prepared.end() || !Database) &&
         "prepare() reads every source's command first");
  // Without a database no source has an entry: nothing to prepare.
  return It == Prepared.end() ? SourceCommand() : It->second;
}

llvm::Error CompilationSetup::prepare(llvm::ArrayRef<std::string> Sources) {
  for (const std::string &Source : Sources) {
    auto Read = readCommand(Source);
    if (!Read)
      return Read.takeError();
    const std::string &Arch = Read->Parsed.GpuArch;
    if (!Arch.empty())
      if (llvm::Error E = checkGpuArch(
              Arch, "from the compile command of " + displayPath(Source)))
        return E;
    if (Database && Read->Directory.empty())
      Messages.push_back("cuda-lower: warning: " + displayPath(Source) +
                         " has no entry in " + displayPath(DatabaseFile) +
                         "; parsed with the defaults (-std=c++17 "
                         "--cuda-gpu-arch=" + Opts->GpuArch +
                         ", no -I or -D, in the working directory)\n");
    dropUnknownFlags(Read->Parsed.PreprocessorArgs,
                     "from the compile command of " + displayPath(Source));
    Prepared[Source] = std::move(*Read);
  }
  return llvm::Error::success();
}

std::string CompilationSetup::directoryFor(llvm::StringRef File) const {
  SourceCommand Command = commandOf(File);
  return Command.Directory.empty() ? ToolDirectory : Command.Directory;
}

const NvccPredefines &CompilationSetup::nvccPredefines(
    const std::vector<std::string> &Archs) const {
  std::lock_guard<std::mutex> Lock(PredefinesMutex);
  auto It = Predefines.find(Archs);
  if (It == Predefines.end())
    It = Predefines.emplace(Archs, queryNvccPredefines(CudaPath, Archs)).first;
  return It->second;
}

const std::string &
CompilationSetup::hostCompilerIncludeDir(const std::string &Ccbin) const {
  std::lock_guard<std::mutex> Lock(HostIncludeMutex);
  auto It = HostIncludeDirs.find(Ccbin);
  if (It == HostIncludeDirs.end())
    It = HostIncludeDirs
             .emplace(Ccbin, queryPrivateIncludeDir(hostCompilerFor(Ccbin)))
             .first;
  return It->second;
}

std::vector<std::string>
CompilationSetup::commandFor(llvm::StringRef File, CompilationPass Pass,
                             Semantics Sem) const {
  ParsedCompileCommand Parsed = commandOf(File).Parsed;
  std::string Arch = Parsed.GpuArch.empty() ? Opts->GpuArch : Parsed.GpuArch;
  std::vector<std::string> Args = {
      "clang++",
      "-x",
      "cuda",
      "--cuda-path=" + CudaPath,
      "--cuda-gpu-arch=" + Arch,
      "-std=" + (!Parsed.Std.empty()           ? Parsed.Std
                 : !Opts->DefaultStandard.empty() ? Opts->DefaultStandard
                                                  : std::string("c++17")),
      "-resource-dir=" + clangResourceDir(),
      "-fsyntax-only",
      Pass == CompilationPass::Host ? "--cuda-host-only" : "--cuda-device-only",
      // nvcc's lambda traits (§5.3.8.3) are unknown to Clang. They are false
      // for every functor cuda-lower writes; spelled as a trait that is
      // always false, so that the type asked about stays in the AST:
      // lower-extended-lambda finds the lambdas they classify
      // (TraitDispatch.h).
      "-D__nv_is_extended_device_lambda_closure_type(...)="
      "(__is_same(__VA_ARGS__, void) && false)",
      "-D__nv_is_extended_host_device_lambda_closure_type(...)="
      "(__is_same(__VA_ARGS__, void) && false)",
      "-D__nv_is_extended_device_lambda_with_preserved_return_type(...)="
      "(__is_same(__VA_ARGS__, void) && false)",
  };
  if (Sem == Semantics::WithNvccFlags) {
    // Parse the sources as nvcc with the flags they were written for sees
    // them; the rewritten output no longer needs those flags.
    Args.push_back("-D__CUDACC_EXTENDED_LAMBDA__");
    Args.push_back("-D__CUDACC_RELAXED_CONSTEXPR__");
  }
  // nvcc's own macros (`__NVCC__`, its version, `__CUDA_ARCH_LIST__`):
  // libraries test them, some `#error` without them. Plain nvcc defines
  // them too, so both semantics get them. They come before the command's
  // own -D/-U, which may override them as they would nvcc's.
  const NvccPredefines &Nvcc = nvccPredefines(
      Parsed.GpuArchs.empty() ? std::vector<std::string>{Arch}
                              : Parsed.GpuArchs);
  for (const std::string &Macro :
       Pass == CompilationPass::Host ? Nvcc.Host : Nvcc.Device)
    Args.push_back("-D" + Macro);
  // nvcc's `__nv_atomic_*` builtins, which Clang lacks (AtomicBuiltins.h).
  if (Nvcc.AtomicBuiltins)
    for (const std::string &Macro : atomicBuiltinMacros())
      Args.push_back("-D" + Macro);
  // Clang keeps making constexpr functions __host__ __device__ in both
  // semantics: its own CUDA headers rely on it (-fno-cuda-host-device-constexpr
  // breaks __clang_cuda_texture_intrinsics.h). Verification finds device
  // calls to constexpr host functions in the AST instead.
  if (Parsed.RelocatableDeviceCode)
    Args.push_back("-fgpu-rdc");
  Args.insert(Args.end(), Parsed.PreprocessorArgs.begin(),
              Parsed.PreprocessorArgs.end());
  llvm::SmallString<256> Cccl(CudaPath);
  llvm::sys::path::append(Cccl, "include", "cccl");
  if (llvm::sys::fs::is_directory(Cccl)) {
    Args.push_back("-isystem");
    Args.push_back(std::string(Cccl));
  }
  // Last of all search paths: nvcc's host compiler finds `#include <omp.h>`
  // (CUDA samples, OpenMP host code) in its private directory, and Clang's
  // resource directory has no such header. Searched after every other
  // directory, it lends only what Clang lacks.
  const std::string &HostHeaders = hostCompilerIncludeDir(Parsed.HostCompiler);
  if (!HostHeaders.empty()) {
    Args.push_back("-idirafter");
    Args.push_back(HostHeaders);
  }
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  // Only errors matter to us; warnings cost time and clutter the output.
  Args.push_back("-w");
  // Clang rejects a braced initialiser that narrows a constant
  // (`size_type{-1}`) even in a template never instantiated; nvcc checks it
  // only on instantiation, so code it builds can hold one. Narrowing still
  // decides SFINAE and overload resolution as before: only the error goes.
  Args.push_back("-Wno-c++11-narrowing");
  // `register uint64 samples[8];` in a kernel (HeCBench's ntt-cuda): C++17
  // removed the keyword and Clang rejects it, an error `-w` leaves; nvcc
  // ignores it without a word, and its host compiler only warns. The
  // keyword means nothing either way.
  Args.push_back("-Wno-register");
  // Clang rejects a constexpr function that can never be a constant
  // expression (`constexpr __global__ void k(int *p) { p[threadIdx.x] = 0; }`
  // reads a device builtin), an error that `-w` does not silence. nvcc
  // leaves the check to the host compiler, which skips templates and device
  // code; rule constexpr-global must see such kernels to fix them.
  Args.push_back("-Wno-invalid-constexpr");
  Args.push_back(File.str());
  // As clang-tidy's --extra-arg-before: right after the compiler name.
  Args.insert(Args.begin() + 1, ExtraArgsBefore.begin(), ExtraArgsBefore.end());
  return Args;
}

std::vector<std::string>
CompilationSetup::parseCommandFor(llvm::StringRef File, CompilationPass Pass,
                                  Semantics Sem, llvm::StringRef Text) const {
  std::vector<std::string> Args = commandFor(File, Pass, Sem);
  if (!Prelude)
    return Args;
  return Prelude->attach(std::move(Args), directoryFor(File),
                         leadingAngledIncludes(Text));
}

} // namespace cudalower
