//===--- Config.cpp - .cuda-lower.yaml, --config, --dump-config -----------===//

#include "Driver/Config.h"
#include "Driver/CompilationSetup.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

LLVM_YAML_IS_STRING_MAP(std::string)

namespace llvm {
namespace yaml {
template <> struct MappingTraits<cudalower::Config> {
  static void mapping(IO &Io, cudalower::Config &C) {
    Io.mapOptional("Rules", C.Rules);
    Io.mapOptional("Disable", C.Disable);
    Io.mapOptional("RuleOptions", C.RuleOptions);
    Io.mapOptional("WarningsAsErrors", C.WarningsAsErrors);
    Io.mapOptional("InRoot", C.InRoot);
    Io.mapOptional("Exclude", C.Exclude);
    Io.mapOptional("Standard", C.Standard);
    Io.mapOptional("CudaPath", C.CudaPath);
  }
};
} // namespace yaml
} // namespace llvm

namespace cudalower {
namespace {

/// \p Path made absolute against \p Dir, and normalised.
std::string absoluteFrom(llvm::StringRef Dir, llvm::StringRef Path) {
  llvm::SmallString<256> Out(Path);
  if (!llvm::sys::path::is_absolute(Out)) {
    Out = Dir;
    llvm::sys::path::append(Out, Path);
  }
  llvm::sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return Out.str().str();
}

} // namespace

llvm::Expected<Config> parseConfig(llvm::StringRef Text,
                                   llvm::StringRef Directory,
                                   llvm::StringRef Origin) {
  Config C;
  std::string Message;
  // The YAML reader prints its errors through a SourceMgr handler; they are
  // kept, with the line, for the error this returns.
  auto Handler = [](const llvm::SMDiagnostic &D, void *Ctx) {
    std::string &M = *static_cast<std::string *>(Ctx);
    if (M.empty())
      M = "line " + std::to_string(D.getLineNo()) + ": " +
          D.getMessage().str();
  };
  llvm::yaml::Input In(Text, nullptr, Handler, &Message);
  In >> C;
  if (In.error())
    return llvm::createStringError(
        Origin.str() + ": " +
        (Message.empty() ? In.error().message() : Message));
  C.Directory = Directory.str();
  C.Origin = Origin.str();
  if (C.InRoot)
    C.InRoot = absoluteFrom(Directory, *C.InRoot);
  return C;
}

llvm::Expected<Config> readConfigOption(llvm::StringRef Value,
                                        llvm::StringRef Cwd,
                                        llvm::vfs::FileSystem &FS) {
  std::string Path = absoluteFrom(Cwd, Value);
  if (!Value.contains('\n') && !Value.contains(':'))
    if (auto Buffer = FS.getBufferForFile(Path))
      return parseConfig((*Buffer)->getBuffer(),
                         llvm::sys::path::parent_path(Path), Value);
  return parseConfig(Value, Cwd, "--config");
}

llvm::Expected<std::optional<Config>>
findConfigFor(llvm::StringRef File, llvm::vfs::FileSystem &FS) {
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, ConfigFileName);
    auto Buffer = FS.getBufferForFile(Path);
    if (!Buffer)
      continue;
    auto C = parseConfig((*Buffer)->getBuffer(), Dir, Path);
    if (!C)
      return C.takeError();
    return std::optional<Config>(std::move(*C));
  }
  return std::optional<Config>();
}

std::string dumpConfig(const Config &C) {
  Config Out = C;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << Out;
  return Text;
}

ToolOptions applyConfig(const ToolOptions &CommandLine, const Config &C) {
  ToolOptions O = CommandLine;
  if (O.EnabledRules.empty() && C.Rules)
    O.EnabledRules = *C.Rules;
  if (O.DisabledRules.empty() && C.Disable)
    O.DisabledRules = *C.Disable;
  // The command line's settings come last, so they win.
  std::vector<std::string> Options;
  for (const auto &[Key, Value] : C.RuleOptions)
    Options.push_back(Key + "=" + Value);
  llvm::append_range(Options, CommandLine.RuleOptions);
  O.RuleOptions = std::move(Options);
  if (O.WarningsAsErrors.empty() && C.WarningsAsErrors)
    O.WarningsAsErrors = *C.WarningsAsErrors;
  if (O.InRoot.empty() && C.InRoot)
    O.InRoot = *C.InRoot;
  if (O.DefaultStandard.empty() && C.Standard)
    O.DefaultStandard = *C.Standard;
  if (O.CudaPath.empty() && C.CudaPath)
    O.CudaPath = *C.CudaPath;
  return O;
}

Config effectiveConfig(const ToolOptions &Opts, const Config &C) {
  Config E = C;
  if (!Opts.EnabledRules.empty())
    E.Rules = Opts.EnabledRules;
  if (!Opts.DisabledRules.empty())
    E.Disable = Opts.DisabledRules;
  E.RuleOptions.clear();
  for (llvm::StringRef KV : Opts.RuleOptions) {
    auto [Key, Value] = KV.split('=');
    E.RuleOptions[Key.str()] = Value.str();
  }
  auto Set = [](std::optional<std::string> &Field, const std::string &V) {
    if (!V.empty())
      Field = V;
  };
  Set(E.WarningsAsErrors, Opts.WarningsAsErrors);
  Set(E.InRoot, Opts.InRoot);
  Set(E.Standard, Opts.DefaultStandard);
  Set(E.CudaPath, Opts.CudaPath);
  // Excludes are relative to the file they came from; printed absolute,
  // they mean the same wherever the dump is used.
  for (std::string &G : E.Exclude)
    G = absoluteFrom(C.Directory, G);
  return E;
}

bool isExcluded(const Config &C, llvm::StringRef Source) {
  for (const std::string &G : C.Exclude) {
    std::string Pattern = absoluteFrom(C.Directory, G);
    auto Glob = llvm::GlobPattern::create(Pattern);
    if (Glob && Glob->match(Source))
      return true;
  }
  return false;
}

namespace {

std::string workingDirectory(llvm::vfs::FileSystem &FS) {
  llvm::ErrorOr<std::string> Cwd = FS.getCurrentWorkingDirectory();
  return Cwd ? *Cwd : std::string();
}

/// The configuration for \p Source: --config's, else its nearest file's,
/// else an empty one. \p Cache maps directories to what was found there.
llvm::Expected<Config>
configOf(const ToolOptions &CommandLine, llvm::StringRef Source,
         llvm::vfs::FileSystem &FS,
         std::map<std::string, std::optional<Config>> &Cache) {
  if (!CommandLine.ConfigText.empty())
    return readConfigOption(CommandLine.ConfigText, workingDirectory(FS), FS);
  std::string Dir = llvm::sys::path::parent_path(Source).str();
  auto It = Cache.find(Dir);
  if (It == Cache.end()) {
    auto Found = findConfigFor(Source, FS);
    if (!Found)
      return Found.takeError();
    It = Cache.emplace(Dir, std::move(*Found)).first;
  }
  return It->second ? *It->second : Config();
}

/// The settings a source's configuration may change within a run.
bool sameRuleSettings(const ToolOptions &A, const ToolOptions &B) {
  return A.EnabledRules == B.EnabledRules &&
         A.DisabledRules == B.DisabledRules &&
         A.RuleOptions == B.RuleOptions &&
         A.WarningsAsErrors == B.WarningsAsErrors;
}

} // namespace

llvm::Expected<SourceConfigs>
configureSources(const ToolOptions &CommandLine,
                 const std::vector<std::string> &Sources,
                 llvm::vfs::FileSystem &FS) {
  SourceConfigs Out;
  std::map<std::string, std::optional<Config>> Cache;
  for (const std::string &Source : Sources) {
    auto C = configOf(CommandLine, Source, FS, Cache);
    if (!C)
      return C.takeError();
    if (isExcluded(*C, Source))
      continue;
    ToolOptions Own = applyConfig(CommandLine, *C);
    if (!Out.RunWide)
      Out.RunWide = std::make_unique<ToolOptions>(Own);
    else if (!sameRuleSettings(Own, *Out.RunWide))
      Out.PerSource.emplace(Source, std::move(Own));
    Out.Sources.push_back(Source);
  }
  if (!Out.RunWide)
    Out.RunWide = std::make_unique<ToolOptions>(CommandLine);
  Out.RunWide->Sources = Out.Sources;
  return Out;
}

llvm::Expected<SourceConfigs> configureRun(const ToolOptions &CommandLine,
                                           llvm::vfs::FileSystem &FS) {
  if (CommandLine.Sources.empty()) {
    SourceConfigs Out;
    Out.RunWide = std::make_unique<ToolOptions>(CommandLine);
    return Out;
  }
  auto Sources = resolveSources(CommandLine.Sources, FS);
  if (!Sources)
    return Sources.takeError();
  return configureSources(CommandLine, *Sources, FS);
}

llvm::Expected<std::string> dumpConfigFor(const ToolOptions &CommandLine,
                                          llvm::vfs::FileSystem &FS) {
  llvm::SmallString<256> Where;
  if (!CommandLine.Sources.empty()) {
    Where = CommandLine.Sources.front();
    FS.makeAbsolute(Where);
  } else {
    llvm::sys::path::append(Where, workingDirectory(FS), "-");
  }
  std::map<std::string, std::optional<Config>> Cache;
  auto C = configOf(CommandLine, Where, FS, Cache);
  if (!C)
    return C.takeError();
  return dumpConfig(effectiveConfig(applyConfig(CommandLine, *C), *C));
}

} // namespace cudalower
