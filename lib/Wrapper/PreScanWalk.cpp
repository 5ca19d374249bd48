//===--- PreScanWalk.cpp - The files a translation unit reaches -----------===//
//
// The pre-scan's walk over a TU: the project files it reaches, read for
// every trigger (PreScan.cpp), and the other headers the include search
// finds outside the toolkit and the system, read for their macros alone
// (MacroScan.h). Once every file is read, the macros are resolved through
// their chains and the project's uses of the outside ones are looked for.
//
//===----------------------------------------------------------------------===//

#include "Wrapper/PreScan.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace cudalower {

bool IncludeSearch::inProject(llvm::StringRef Real) const {
  return llvm::any_of(
      Roots, [&](const std::string &R) { return Real.starts_with(R); });
}

namespace {

std::string realPathOrEmpty(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return "";
  return Real.str().str();
}

/// Where the compiler may find \p Name (with its delimiters) included from
/// \p Includer: the first directory of the search that has it, or with
/// \p All every one (`#include_next`); none if only the compiler's own
/// directories have it (a toolkit or system header).
std::vector<std::string> resolveInclude(llvm::StringRef Name,
                                        llvm::StringRef Includer,
                                        const IncludeSearch &Search,
                                        bool All) {
  bool Quoted = Name.front() == '"';
  llvm::StringRef Inner = Name.drop_front().drop_back();
  std::vector<std::string> Found;
  auto Try = [&](llvm::StringRef Dir) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Inner);
    if (llvm::sys::fs::is_regular_file(Path))
      if (std::string Real = realPathOrEmpty(Path); !Real.empty())
        Found.push_back(Real);
    return !All && !Found.empty();
  };
  if (llvm::sys::path::is_absolute(Inner)) {
    Try("");
    return Found;
  }
  if (Quoted) {
    if (Try(llvm::sys::path::parent_path(Includer)))
      return Found;
    for (const std::string &Dir : Search.QuoteDirs)
      if (Try(Dir))
        return Found;
  }
  for (const auto *Dirs : {&Search.Dirs, &Search.SystemDirs})
    for (const std::string &Dir : *Dirs)
      if (Try(Dir))
        return Found;
  return Found;
}

/// Where \p D is defined, for a reason.
std::string whereDefined(const MacroDef &D) {
  return D.File.empty() ? "-D" + D.Name : D.File + ":" + std::to_string(D.Line);
}

class TranslationUnitWalk {
public:
  explicit TranslationUnitWalk(const IncludeSearch &Search) : Search(Search) {}

  PreScanResult run(llvm::StringRef Source) {
    std::string Real = realPathOrEmpty(Source);
    if (Real.empty() || !Search.inProject(Real)) {
      // Not under the root: let the engine say why.
      cannotTell(Source.str() + ": outside the project root");
      return std::move(R);
    }
    visit(Real);
    for (const std::string &Pre : Search.PreIncludes)
      visit(realPathOrEmpty(Pre));
    for (const std::string &Def : Search.Defines)
      if (MacroDef M = readCommandLineDefinition(Def); !M.Name.empty())
        Macros.add(std::move(M));
    drain();
    // Each round may read headers that define more macros and hold more
    // computed includes.
    while (!Computed.empty()) {
      std::vector<PendingInclude> Round = std::move(Computed);
      Computed.clear();
      for (const PendingInclude &P : Round)
        resolveComputed(P);
      drain();
    }
    R.MacrosRead = Macros.definitions().size();
    Macros.resolve();
    findDependencyLambdas();
    lookThroughMacros();
    return std::move(R);
  }

private:
  /// `#include MACRO` in another header, resolved once every file is read
  /// (a later file often defines the macro).
  struct PendingInclude {
    std::string Includer;
    ComputedInclude Include;
  };

  void lower(const std::string &Why) {
    if (!R.MayNeedLowering) {
      R.MayNeedLowering = true;
      R.Reason = Why;
    }
  }

  void needBothPasses(const std::string &Why) {
    if (!R.NeedsBothPasses) {
      R.NeedsBothPasses = true;
      R.BothPassesReason = Why;
    }
  }

  /// What the scan cannot see through: lower, with both passes.
  void cannotTell(const std::string &Why) {
    lower(Why);
    needBothPasses(Why);
  }

  void visit(const std::string &Real) {
    if (Real.empty() || !Seen.insert(Real).second)
      return;
    bool Project = Search.inProject(Real);
    if (!Project && llvm::any_of(Search.SystemPrefixes, [&](const auto &P) {
          return llvm::StringRef(Real).starts_with(P);
        }))
      return;
    Work.push_back({Real, Project});
    (Project ? R.ProjectFiles : R.OtherHeaders).push_back(Real);
  }

  void visitIncludes(llvm::StringRef Includer,
                     llvm::ArrayRef<std::string> Names, bool All) {
    for (const std::string &Name : Names) {
      // Libraries include their common headers from most of their files:
      // each name is looked for once (per directory, for "x").
      std::string Key = (Name.front() == '"'
                             ? llvm::sys::path::parent_path(Includer).str()
                             : std::string()) +
                        '\0' + Name + (All ? "\1" : "");
      auto [It, New] = Resolved.try_emplace(Key);
      if (New)
        It->second = resolveInclude(Name, Includer, Search, All);
      for (const std::string &Found : It->second)
        visit(Found);
    }
  }

  /// Reads every file queued; every project file even after a reason is
  /// found: the wrapper copies them all into the private overlay.
  void drain() {
    while (!Work.empty()) {
      auto [Path, Project] = std::move(Work.back());
      Work.pop_back();
      auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
      if (!Buffer) {
        R.FoundAllFiles = false;
        cannotTell(Path + ": cannot be read");
        continue;
      }
      if (Project)
        readProjectFile(Path, std::move(*Buffer));
      else
        readOtherHeader(Path, (*Buffer)->getBuffer());
    }
  }

  void readProjectFile(const std::string &Path,
                       std::unique_ptr<llvm::MemoryBuffer> Buffer) {
    ScannedText Scanned = scanText(Buffer->getBuffer());
    if (Scanned.ComputedInclude) {
      R.FoundAllFiles = false;
      needBothPasses(Path + ": has an #include whose name is a macro");
    }
    if (!Scanned.BothPassesReason.empty())
      needBothPasses(Path + ":" + Scanned.BothPassesReason);
    if (!Scanned.Reason.empty())
      lower(Path + ":" + Scanned.Reason);
    for (MacroDef &M : Scanned.Macros) {
      M.File = Path;
      Macros.add(std::move(M));
    }
    ProjectTexts.emplace_back(Path, std::move(Buffer));
    visitIncludes(Path, Scanned.Includes, /*All=*/false);
    visitIncludes(Path, Scanned.IncludeNexts, /*All=*/true);
  }

  void readOtherHeader(const std::string &Path, llvm::StringRef Text) {
    if (std::vector<IntroducerWord> Words = wordsAfterIntroducers(Text);
        !Words.empty())
      Introduced.emplace_back(Path, std::move(Words));
    HeaderScan H = scanHeader(Text, Path);
    if (!H.Opaque.empty()) {
      R.FoundAllFiles = false;
      cannotTell(Path + ":" + H.Opaque);
    }
    for (MacroDef &M : H.Macros)
      Macros.add(std::move(M));
    for (ComputedInclude &C : H.Computed)
      Computed.push_back({Path, std::move(C)});
    visitIncludes(Path, H.Includes, /*All=*/false);
    visitIncludes(Path, H.IncludeNexts, /*All=*/true);
  }

  void resolveComputed(const PendingInclude &P) {
    auto Names = Macros.includeNames(P.Include.Operand);
    if (!Names) {
      // What it includes, so what that defines, is unknown.
      R.FoundAllFiles = false;
      cannotTell(P.Includer + ":" + std::to_string(P.Include.Line) +
                 ": has an #include whose name is a macro");
      return;
    }
    visitIncludes(P.Includer, *Names, /*All=*/false);
  }

  /// The library headers whose lambdas are annotated, directly or through
  /// a macro (known once every file's macros are read): plain nvcc
  /// rejects them as it rejects the project's.
  void findDependencyLambdas() {
    for (const auto &[Path, Words] : Introduced)
      for (const IntroducerWord &W : Words)
        if (Macros.spellsAnnotation(W.Word)) {
          R.DependencyLambdaHeaders.push_back(Path);
          lower(Path + ":" + std::to_string(W.Line) +
                ": has a lambda annotated " + W.Word + " (a library's header)");
          break;
        }
  }

  /// The project's macros that may spell a trigger through others, known
  /// only once every file is read; then the project's uses of macros
  /// defined outside it (headers, -D), looked for only when some of those
  /// may spell one: the common case reads no file twice.
  void lookThroughMacros() {
    for (const MacroDef &D : Macros.definitions()) {
      if (!D.InProject)
        continue;
      if (!D.Why.empty())
        lower(whereDefined(D) + ": " + D.Why + " (in the macro " + D.Name +
              ")");
      if (D.PassDiffering || D.NeedsHostPass)
        needBothPasses(whereDefined(D) + ": the macro " + D.Name +
                       " may differ between the passes");
    }
    bool WantLower = !R.MayNeedLowering && Macros.anyOutsideToLower();
    if (!R.MayNeedLowering && !WantLower)
      return;
    bool WantBoth = !R.NeedsBothPasses && Macros.anyOutsideBothPasses();
    clang::LangOptions LO;
    LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
    LO.LineComment = true;
    for (const auto &[File, Buffer] : ProjectTexts) {
      llvm::StringRef Text = Buffer->getBuffer();
      clang::Lexer Lex(clang::SourceLocation(), LO, Text.begin(),
                       Text.begin(), Text.end());
      auto Where = [&](const clang::Token &T) {
        size_t Offset = T.getLocation().getRawEncoding() -
                        clang::SourceLocation().getRawEncoding();
        return File + ":" +
               std::to_string(Text.take_front(Offset).count('\n') + 1);
      };
      for (clang::Token T;
           (WantLower || WantBoth) &&
           (Lex.LexFromRawLexer(T), T.isNot(clang::tok::eof));) {
        if (T.isNot(clang::tok::raw_identifier))
          continue;
        llvm::StringRef Id = T.getRawIdentifier();
        if (const MacroDef *D = WantLower ? Macros.toLower(Id) : nullptr;
            D && !D->InProject) {
          lower(Where(T) + ": uses " + Id.str() + ", a macro that " + D->Why +
                " (" + whereDefined(*D) + ")");
          WantLower = false;
        }
        if (const MacroDef *D = WantBoth ? Macros.needsBothPasses(Id) : nullptr;
            D && !D->InProject) {
          needBothPasses(Where(T) + ": uses " + Id.str() +
                         ", a macro that may differ between the passes (" +
                         whereDefined(*D) + ")");
          WantBoth = false;
        }
      }
    }
  }

  const IncludeSearch &Search;
  PreScanResult R;
  llvm::StringSet<> Seen;
  llvm::StringMap<std::vector<std::string>> Resolved;
  std::vector<std::pair<std::string, bool>> Work; ///< Path, in the project.
  MacroTable Macros;
  std::vector<PendingInclude> Computed;
  /// The words after the lambda introducers of the other headers.
  std::vector<std::pair<std::string, std::vector<IntroducerWord>>> Introduced;
  /// The project's files, kept for a second look at the macros they use.
  std::vector<std::pair<std::string, std::unique_ptr<llvm::MemoryBuffer>>>
      ProjectTexts;
};

} // namespace

PreScanResult preScan(llvm::StringRef Source, const IncludeSearch &Search) {
  return TranslationUnitWalk(Search).run(Source);
}

} // namespace cudalower
