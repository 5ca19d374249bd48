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

/// nvcc options that take a separate value and do not affect parsing.
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
      .Cases({"-Xfatbin", "--fatbin-options", "--keep-dir", "-split-compile"},
             true)
      .Default(false);
}

bool nvccOptionTakesSeparateValue(llvm::StringRef Opt) {
  return isIgnoredOptionWithValue(Opt) ||
         llvm::StringSwitch<bool>(Opt)
             .Cases({"-I", "-D", "-U", "--include-path", "--define-macro"}, true)
             .Cases({"--undefine-macro", "-isystem", "--system-include"}, true)
             .Cases({"-include", "--pre-include", "-iquote", "-idirafter"}, true)
             .Cases({"-std", "--std", "-arch", "--gpu-architecture"}, true)
             .Cases({"-gencode", "--generate-code", "-code", "--gpu-code"}, true)
             .Cases({"-Xcompiler", "--compiler-options", "-x", "--x"}, true)
             .Cases({"-optf", "--options-file", "--dependency-output"}, true)
             .Cases({"--output-directory", "-MJ", "--cuda-gpu-arch"}, true)
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
    for (I = 1; I < Argv.size(); ++I)
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

  void readHostCompilerFlags(llvm::StringRef Value) {
    llvm::SmallVector<llvm::StringRef, 8> Flags;
    Value.split(Flags, ',', -1, false);
    for (size_t J = 0; J < Flags.size(); ++J) {
      llvm::StringRef F = Flags[J].trim();
      if (F.starts_with("-D") || F.starts_with("-U") || F.starts_with("-I"))
        Out.PreprocessorArgs.push_back(F.str());
      else if (F.consume_front("-std="))
        Out.Std = F.str();
      else
        Out.Ignored.push_back("-Xcompiler " + F.str());
    }
  }

  void readOne(llvm::StringRef Arg) {
    std::string V;
    if (Arg == File || (!Arg.starts_with("-") && isSourceLike(Arg))) {
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
    if (Arg == "-rdc=true" || Arg == "--relocatable-device-code=true" ||
        Arg == "-dc" || Arg == "--device-c" || Arg == "-fgpu-rdc") {
      Out.RelocatableDeviceCode = true;
      return;
    }
    if (Arg == "-x" && I + 1 < Argv.size()) {
      ++I; // the language: we always parse as CUDA
      return;
    }
    if (isIgnoredOptionWithValue(Arg)) {
      if (I + 1 < Argv.size())
        Out.Ignored.push_back(Arg.str() + " " + Argv[++I]);
      return;
    }
    Out.Ignored.push_back(Arg.str());
  }

  static bool isSourceLike(llvm::StringRef Arg) {
    llvm::StringRef Ext = llvm::sys::path::extension(Arg);
    return llvm::StringSwitch<bool>(Ext)
        .Cases({".cu", ".cpp", ".cc", ".cxx", ".c", ".o", ".obj", ".a"}, true)
        .Default(false);
  }

  llvm::ArrayRef<std::string> Argv;
  llvm::StringRef File;
  ParsedCompileCommand &Out;
  size_t I = 1;
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
