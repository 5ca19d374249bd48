//===--- NvccFlags.cpp - Compile commands to Clang CUDA arguments ---------===//

#include "Driver/NvccFlags.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

namespace cudalower {

std::string normalizeGpuArch(llvm::StringRef Arch) {
  Arch = Arch.trim();
  for (llvm::StringRef Prefix : {"compute_", "sm_", "lto_"})
    if (Arch.consume_front(Prefix))
      break;
  if (Arch.empty() || !isdigit(static_cast<unsigned char>(Arch[0])))
    return ""; // native, all, all-major: no single architecture to parse for
  return "sm_" + Arch.str();
}

/// True if \p Arg names an input by its extension (a source, an object or
/// an archive): never an option's value or a program.
static bool isInputFileName(llvm::StringRef Arg) {
  return llvm::StringSwitch<bool>(llvm::sys::path::extension(Arg))
      .Cases({".cu", ".cpp", ".cc", ".cxx", ".c", ".o", ".obj", ".a"}, true)
      .Default(false);
}

/// \p Word's program name: its file name without `.exe`.
static llvm::StringRef programNameOf(llvm::StringRef Word) {
  llvm::StringRef Name = llvm::sys::path::filename(Word);
  Name.consume_back(".exe");
  return Name;
}

/// True if program name \p Name names a compiler: nvcc, a C or C++ compiler
/// of GCC, Clang, Intel or NVHPC, or an MPI wrapper, with a target or
/// project prefix (`x86_64-linux-gnu-g++`, `proj-nvcc`) or a version suffix
/// (`g++-12`, `clang++-22`).
static bool namesCompiler(llvm::StringRef Name) {
  auto [Stem, Version] = Name.rsplit('-');
  if (!Version.empty() && isdigit(static_cast<unsigned char>(Version[0])) &&
      Version.find_first_not_of("0123456789.") == llvm::StringRef::npos)
    Name = Stem;
  for (llvm::StringRef Compiler :
       {"nvcc", "clang", "clang++", "gcc", "g++", "cc", "c++", "icx", "icpx",
        "icc", "icpc", "nvc", "nvc++", "mpicc", "mpicxx", "mpic++", "mpiCC",
        "hipcc"})
    if (Name == Compiler ||
        (Name.ends_with(Compiler) &&
         Name.drop_back(Compiler.size()).ends_with("-")))
      return true;
  return false;
}

/// Launchers that run the program named after them (and take no options
/// before it, as written in compile commands).
static bool isCompilerLauncher(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases({"ccache", "sccache", "distcc", "icecc", "buildcache"}, true)
      .Default(false);
}

size_t compilerIndexOf(llvm::ArrayRef<std::string> Argv) {
  size_t I = 0;
  while (I + 1 < Argv.size()) {
    llvm::StringRef Name = programNameOf(Argv[I]);
    if (namesCompiler(Name))
      return I;
    size_t Next = I + 1;
    if (Name == "env") {
      // env [-i] [-u NAME] [-C DIR] [NAME=VALUE]... PROGRAM ARGS
      while (Next < Argv.size()) {
        llvm::StringRef W = Argv[Next];
        if (W == "-u" || W == "--unset" || W == "-C" || W == "--chdir")
          Next += 2;
        else if (W.starts_with("-") || W.contains('='))
          ++Next;
        else
          break;
      }
      if (Next >= Argv.size())
        return I;
      I = Next;
      continue;
    }
    // `ccache file.cpp` is ccache acting as the compiler.
    llvm::StringRef W = Argv[Next];
    bool IsProgram =
        !W.starts_with("-") && !W.contains('=') && !isInputFileName(W);
    if (!IsProgram ||
        (!isCompilerLauncher(Name) && !namesCompiler(programNameOf(W))))
      return I;
    I = Next;
  }
  return I;
}

/// True if \p Value (of `-arch`, `-code`) names a GPU: `sm_80`,
/// `compute_90a`, `lto_80`, `native`, `all`, `all-major`, or a list of them.
static bool isGpuArchValue(llvm::StringRef Value) {
  Value = Value.split(',').first.trim();
  if (Value == "native" || Value == "all" || Value == "all-major")
    return true;
  for (llvm::StringRef Prefix : {"sm_", "compute_", "lto_"})
    if (Value.consume_front(Prefix))
      return !Value.empty() && isdigit(static_cast<unsigned char>(Value[0]));
  return false;
}

std::string cudaOnlyFlagIn(llvm::ArrayRef<std::string> Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    auto [Opt, Value] = Arg.split('=');
    // Options that say CUDA by themselves, whatever their value.
    static const llvm::StringRef CudaOnly[] = {
        "-gencode", "--generate-code", "-Xcompiler", "--compiler-options",
        "-Xptxas", "--ptxas-options", "-Xcudafe", "-Xnvlink",
        "--nvlink-options", "-Xfatbin", "--fatbin-options", "-ccbin",
        "--compiler-bindir", "--extended-lambda", "-extended-lambda",
        "--expt-extended-lambda", "-expt-extended-lambda",
        "--expt-relaxed-constexpr", "-expt-relaxed-constexpr", "-rdc",
        "--relocatable-device-code", "-use_fast_math", "--use_fast_math",
        "-lineinfo", "--generate-line-info", "-default-stream",
        "--default-stream", "-maxrregcount", "--maxrregcount",
        "--cuda-gpu-arch", "--cuda-path"};
    if (llvm::is_contained(CudaOnly, Opt))
      return Arg.str();
    // Options that say CUDA when they name a GPU: Apple's Clang takes
    // `-arch arm64`.
    if (Opt == "-arch" || Opt == "--gpu-architecture" || Opt == "-code" ||
        Opt == "--gpu-code") {
      bool Separate = !Arg.contains('=');
      if (Separate && I + 1 < Args.size())
        Value = Args[I + 1];
      if (isGpuArchValue(Value))
        return Separate ? Arg.str() + " " + Value.str() : Arg.str();
    }
  }
  return "";
}

/// nvcc options that take a separate value and do not affect parsing: every
/// one `nvcc --help` (13.0) shows with a `<value>` or `{values}`, in both
/// spellings, less those read in CommandReader::readOne and those of
/// nvccOnlyOptionWithValue. A value left unread would be taken for an
/// input (every word after `-x cu` is one).
static bool isIgnoredOptionWithValue(llvm::StringRef Opt) {
  return llvm::StringSwitch<bool>(Opt)
      .Cases({"-o", "--output-file", "-MF", "-MT", "-MQ", "-ccbin"}, true)
      .Cases({"--compiler-bindir", "-Xptxas", "--ptxas-options", "-Xlinker"},
             true)
      .Cases({"--linker-options", "-Xnvlink", "--nvlink-options", "-Xcudafe"},
             true)
      .Cases({"-Xarchive", "--archive-options", "-maxrregcount", "-t"}, true)
      .Cases({"--threads", "-odir", "--output-directory", "-l", "-L"}, true)
      .Cases({"--library", "--library-path", "-dlto", "--diag-suppress"}, true)
      .Cases({"-Xfatbin", "--fatbin-options", "--keep-dir", "-keep-dir"}, true)
      .Cases({"-split-compile", "--split-compile", "--maxrregcount"}, true)
      .Cases({"-Ofc", "--Ofast-compile", "--Werror", "--time"}, true)
      .Cases({"-arbin", "--archiver-binary", "-ddp"}, true)
      .Cases({"--dependency-drive-prefix", "--dependency-target-name"}, true)
      .Cases({"-diag-error", "--diag-error", "-diag-suppress"}, true)
      .Cases({"-diag-warn", "--diag-warn", "-dopt", "--dopt"}, true)
      .Cases({"--drive-prefix", "-fdevice-time-trace"}, true)
      .Cases({"--fdevice-time-trace", "-frandom-seed", "--frandom-seed"}, true)
      .Cases({"-ftemplate-backtrace-limit", "--ftemplate-backtrace-limit"},
             true)
      .Cases({"-ftemplate-depth", "--ftemplate-depth", "-idp"}, true)
      .Cases({"--input-drive-prefix", "-jtd", "--jump-table-density"}, true)
      .Cases({"-ldir", "--libdevice-directory", "-opt-info"}, true)
      .Cases({"--optimization-info", "--optimize", "-run-args"}, true)
      .Cases({"--run-args", "-sanitize", "--sanitize"}, true)
      .Cases({"-split-compile-extended", "--split-compile-extended"}, true)
      .Cases({"-target-dir", "--target-directory", "-brief-diag"}, true)
      .Cases({"--brief-diagnostics", "-cudadevrt", "--cudadevrt"}, true)
      .Cases({"-cudart", "--cudart", "-default-stream", "--default-stream"},
             true)
      .Cases({"-device-entity-has-hidden-visibility",
              "--device-entity-has-hidden-visibility"},
             true)
      .Cases({"-device-stack-protector", "--device-stack-protector"}, true)
      .Cases({"-fmad", "--fmad", "-ftz", "--ftz", "-hls"}, true)
      .Cases({"--host-linker-script", "-m", "--machine", "-prec-div"}, true)
      .Cases({"--prec-div", "-prec-sqrt", "--prec-sqrt"}, true)
      .Cases({"-static-global-template-stub", "--static-global-template-stub"},
             true)
      .Default(false);
}

/// nvcc options with a separate value whose spelling GCC and Clang use
/// without one (`-Werror`, `-time`, `-dp`): read so only in an nvcc
/// command, never in one of another compiler or of a compiler script.
static bool nvccOnlyOptionWithValue(llvm::StringRef Opt) {
  return llvm::StringSwitch<bool>(Opt)
      .Cases({"-Werror", "-time", "-dp"}, true)
      .Default(false);
}

bool nvccOptionTakesSeparateValue(llvm::StringRef Opt) {
  return isIgnoredOptionWithValue(Opt) || nvccOnlyOptionWithValue(Opt) ||
         llvm::StringSwitch<bool>(Opt)
             .Cases({"-I", "-D", "-U", "--include-path", "--define-macro"},
                    true)
             .Cases({"--undefine-macro", "-isystem", "--system-include"}, true)
             .Cases({"-include", "--pre-include", "-iquote", "-idirafter"},
                    true)
             .Cases({"-std", "--std", "-arch", "--gpu-architecture"}, true)
             .Cases({"-gencode", "--generate-code", "-code", "--gpu-code"},
                    true)
             .Cases({"-Xcompiler", "--compiler-options", "-x", "--x"}, true)
             .Cases({"-optf", "--options-file", "--dependency-output"}, true)
             .Cases({"--output-directory", "-MJ", "--cuda-gpu-arch"}, true)
             .Cases({"-rdc", "--relocatable-device-code"}, true)
             .Default(false);
}

namespace {
/// Walks argv, knowing which options take their value in the next word.
class CommandReader {
public:
  CommandReader(llvm::ArrayRef<std::string> Argv, llvm::StringRef File,
                ParsedCompileCommand &Out)
      : Argv(Argv), File(File), Out(Out) {}

  void run() {
    size_t Compiler = compilerIndexOf(Argv);
    IsNvcc = Compiler < Argv.size() && programNameOf(Argv[Compiler]) == "nvcc";
    for (I = Compiler + 1; I < Argv.size(); ++I)
      readOne(Argv[I]);
  }

private:
  /// The value of an option spelled `-opt value`, `-opt=value` or `-optvalue`.
  bool takeValue(llvm::StringRef Arg, llvm::StringRef Opt, std::string &V) {
    if (Arg == Opt) {
      if (I + 1 >= Argv.size())
        return false;
      V = Argv[++I];
      return true;
    }
    if (!Arg.starts_with(Opt))
      return false;
    llvm::StringRef Rest = Arg.substr(Opt.size());
    if (Opt.starts_with("--") && !Rest.consume_front("="))
      return false;
    Rest.consume_front("=");
    V = Rest.str();
    return true;
  }

  /// \p IsCodeOnly: `-code`/`--gpu-code`, real code for an architecture
  /// named elsewhere, which nvcc does not add to `__CUDA_ARCH_LIST__`.
  void addArch(llvm::StringRef Value, bool IsCodeOnly) {
    // -gencode arch=compute_80,code=[sm_80,compute_80] or plain -arch=sm_80.
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Value.split(Parts, ',');
    for (llvm::StringRef Part : Parts) {
      Part = Part.trim("[] ");
      Part.consume_front("arch=");
      Part.consume_front("code=");
      std::string Arch = normalizeGpuArch(Part);
      if (Arch.empty())
        continue;
      if (Out.GpuArch.empty())
        Out.GpuArch = Arch;
      if (!IsCodeOnly && llvm::find(Out.GpuArchs, Arch) == Out.GpuArchs.end())
        Out.GpuArchs.push_back(Arch);
      return;
    }
  }

  /// The host compiler's options in `-Xcompiler` that change what the
  /// source reads: its macros, include paths and forced includes (nvcc
  /// gives them to the preprocessing of both passes). Compiler scripts such
  /// as Kokkos's nvcc_wrapper pass `-isystem` this way, as
  /// `-Xcompiler -isystem,/dir`; nvcc splits the list at commas, the shell
  /// it runs the host compiler in at spaces.
  void readHostCompilerFlags(llvm::StringRef Value) {
    llvm::SmallVector<llvm::StringRef, 8> Flags;
    for (llvm::StringRef Part : llvm::split(Value, ','))
      Part.split(Flags, ' ', -1, false);
    for (size_t J = 0; J < Flags.size(); ++J) {
      llvm::StringRef F = Flags[J].trim();
      if (F.empty())
        continue;
      if (readHostPreprocessorFlag(F, J + 1 < Flags.size() ? Flags[J + 1] : "",
                                   J))
        continue;
      if (F.consume_front("-std="))
        Out.Std = F.str();
      else
        Out.Ignored.push_back("-Xcompiler " + F.str());
    }
  }

  /// Reads host preprocessor option \p F, joined (`-I/dir`) or with its
  /// value in \p Next (`-isystem`, `/dir`), advancing \p J past a value
  /// taken; false if \p F is no such option.
  bool readHostPreprocessorFlag(llvm::StringRef F, llvm::StringRef Next,
                                size_t &J) {
    // Clang's spelling: -I, -D, -U joined to their value, the others apart.
    static const std::pair<llvm::StringLiteral, bool> Options[] = {
        {"-isystem", false}, {"-iquote", false}, {"-idirafter", false},
        {"-include", false}, {"-I", true},       {"-D", true},
        {"-U", true}};
    for (const auto &[Opt, Joins] : Options) {
      if (!F.starts_with(Opt))
        continue;
      llvm::StringRef Joined = F.drop_front(Opt.size());
      if (Joined.empty() && Next.empty())
        return false;
      std::string Value = (Joined.empty() ? Next : Joined).str();
      J += Joined.empty();
      if (Joins) {
        Out.PreprocessorArgs.push_back(Opt.str() + Value);
      } else {
        Out.PreprocessorArgs.push_back(Opt.str());
        Out.PreprocessorArgs.push_back(Value);
      }
      return true;
    }
    return false;
  }

  void readOne(llvm::StringRef Arg) {
    std::string V;
    if (Arg == File || (!Arg.starts_with("-") && isInputFileName(Arg))) {
      return; // the source itself (and any other input)
    }
    // Preprocessor arguments: kept in Clang's joined spelling.
    for (llvm::StringRef Opt : {"-I", "-D", "-U"}) {
      if (takeValue(Arg, Opt, V)) {
        Out.PreprocessorArgs.push_back(Opt.str() + V);
        return;
      }
    }
    static const std::pair<const char *, const char *> Spelled[] = {
        {"--include-path", "-I"},   {"--define-macro", "-D"},
        {"--undefine-macro", "-U"}, {"-isystem", "-isystem"},
        {"--system-include", "-isystem"}, {"-include", "-include"},
        {"--pre-include", "-include"},    {"-iquote", "-iquote"},
        {"-idirafter", "-idirafter"}};
    for (auto [Opt, ClangOpt] : Spelled) {
      if (takeValue(Arg, Opt, V)) {
        Out.PreprocessorArgs.push_back(ClangOpt);
        Out.PreprocessorArgs.push_back(V);
        return;
      }
    }
    if (takeValue(Arg, "-std", V) || takeValue(Arg, "--std", V)) {
      Out.Std = V;
      return;
    }
    for (llvm::StringRef Opt :
         {"-arch", "--gpu-architecture", "-gencode", "--generate-code",
          "--cuda-gpu-arch", "--offload-arch", "-code", "--gpu-code"}) {
      if (takeValue(Arg, Opt, V)) {
        addArch(V, Opt == "-code" || Opt == "--gpu-code");
        return;
      }
    }
    if (takeValue(Arg, "-Xcompiler", V) ||
        takeValue(Arg, "--compiler-options", V)) {
      readHostCompilerFlags(V);
      return;
    }
    if (takeValue(Arg, "-ccbin", V) || takeValue(Arg, "--compiler-bindir", V)) {
      Out.HostCompiler = V;
      return;
    }
    if (takeValue(Arg, "-rdc", V) ||
        takeValue(Arg, "--relocatable-device-code", V)) {
      Out.RelocatableDeviceCode = V == "true";
      return;
    }
    if (Arg == "-dc" || Arg == "--device-c" || Arg == "-fgpu-rdc") {
      Out.RelocatableDeviceCode = true;
      return;
    }
    if (Arg == "-x" && I + 1 < Argv.size()) {
      ++I; // the language: we always parse as CUDA
      return;
    }
    if (isIgnoredOptionWithValue(Arg) ||
        (IsNvcc && nvccOnlyOptionWithValue(Arg))) {
      if (I + 1 < Argv.size())
        Out.Ignored.push_back(Arg.str() + " " + Argv[++I]);
      return;
    }
    Out.Ignored.push_back(Arg.str());
  }

  llvm::ArrayRef<std::string> Argv;
  llvm::StringRef File;
  ParsedCompileCommand &Out;
  size_t I = 1;
  bool IsNvcc = false; ///< nvcc itself, not another compiler or a script.
};
} // namespace

namespace {

/// The option files \p Arg names (and consumes from \p Argv after \p I), or
/// nothing if it names none.
std::optional<std::vector<std::string>>
optionFilesOf(llvm::ArrayRef<std::string> Argv, size_t &I) {
  llvm::StringRef Arg = Argv[I];
  if (Arg.size() > 1 && Arg.front() == '@')
    return std::vector<std::string>{Arg.drop_front().str()};
  llvm::StringRef List;
  for (llvm::StringRef Opt : {"--options-file", "-optf"}) {
    if (Arg == Opt && I + 1 < Argv.size()) {
      List = Argv[++I];
      break;
    }
    llvm::StringRef Joined = Arg;
    if (Joined.consume_front(Opt) && Joined.consume_front("=")) {
      List = Joined;
      break;
    }
  }
  if (List.empty())
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 2> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/false);
  return std::vector<std::string>(Names.begin(), Names.end());
}

llvm::Expected<std::vector<std::string>>
readOptionFile(llvm::StringRef Name, llvm::StringRef Directory) {
  llvm::SmallString<256> Path(Name);
  if (llvm::sys::path::is_relative(Path) && !Directory.empty())
    llvm::sys::path::make_absolute(Directory, Path);
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError("cannot read the options file '" + Path +
                                   "' named in a compile command: " +
                                   Buffer.getError().message());
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 32> Tokens;
  llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
  return std::vector<std::string>(Tokens.begin(), Tokens.end());
}

} // namespace

llvm::Error expandOptionFiles(std::vector<std::string> &Argv,
                              llvm::StringRef Directory) {
  // Bounds a file that names itself.
  unsigned Expansions = 0;
  for (size_t I = 1; I < Argv.size();) {
    size_t Last = I;
    std::optional<std::vector<std::string>> Files = optionFilesOf(Argv, Last);
    if (!Files) {
      ++I;
      continue;
    }
    if (++Expansions > 256)
      return llvm::createStringError(
          "option files in a compile command name each other in a loop");
    std::vector<std::string> Args;
    for (const std::string &F : *Files) {
      auto Read = readOptionFile(F, Directory);
      if (!Read)
        return Read.takeError();
      Args.insert(Args.end(), Read->begin(), Read->end());
    }
    // The inserted arguments are read again: they may name option files.
    Argv.erase(Argv.begin() + I, Argv.begin() + Last + 1);
    Argv.insert(Argv.begin() + I, Args.begin(), Args.end());
  }
  return llvm::Error::success();
}

ParsedCompileCommand parseCompileCommand(llvm::ArrayRef<std::string> Argv,
                                         llvm::StringRef File) {
  ParsedCompileCommand Out;
  CommandReader(Argv, File, Out).run();
  return Out;
}

} // namespace cudalower
