//===--- PrivateCopy.cpp - Lowering one input into a private overlay ------===//
//
// The overlay holds a copy of every project file the TU reaches, lowered
// where the rules edit it and as it is otherwise, each under its own
// absolute path. nvcc compiles the copy of the source; its quoted includes
// find their neighbours in the overlay first, and an `-I` mirror of each
// include directory puts the overlay ahead of the originals for the rest.
// Copying the unchanged files too is what keeps a header the rules did
// not edit from including the original of one they did.
//
//===----------------------------------------------------------------------===//

#include "Wrapper/PrivateCopy.h"
#include "Driver/CompilationSetup.h"
#include "Driver/NvccFlags.h"
#include "Driver/OwnedFiles.h"
#include "Driver/PreludeCache.h"
#include "Output/FileWriter.h"
#include "Output/LineMarkers.h"
#include "Wrapper/LoweringCache.h"
#include "Wrapper/PreScan.h"
#include "cudalower/Tool.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>

namespace cudalower {

namespace {

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

std::string overlayPathOf(llvm::StringRef OverlayRoot, llvm::StringRef File) {
  llvm::SmallString<256> Path(OverlayRoot);
  llvm::sys::path::append(Path, File);
  return Path.str().str();
}

/// The directories whose headers are the toolkit's, the compilers' or the
/// system's (OwnedFiles.h): never read, never lowered.
std::vector<std::string> systemPrefixes() {
  auto Cuda = findCudaPath("");
  if (!Cuda) {
    llvm::consumeError(Cuda.takeError());
    return toolchainDirectories("");
  }
  return toolchainDirectories(*Cuda);
}

/// The directories whose files are \p Input's project: the project root
/// (--cuda-lower-root, else the source's git work tree or directory), and
/// the source's own directory when it lies outside that root. A build
/// compiles such sources too (CMake's compiler checks in its build tree,
/// sources it generates), and the wrapper writes only its private copy, so
/// the source it was asked to compile is always the project's.
llvm::Expected<std::vector<std::string>>
projectRootsOf(llvm::StringRef Input, const WrapperOptions &Opts,
               llvm::vfs::FileSystem &FS) {
  std::string Source = absolute(Input);
  auto Root = findProjectRoot(Opts.Root, Source, FS);
  if (!Root)
    return Root.takeError();
  std::vector<std::string> Roots{*Root};
  llvm::SmallString<256> Real;
  if (FS.getRealPath(Source, Real))
    return Roots; // the engine says why it cannot read it
  llvm::StringRef Dir = llvm::StringRef(*Root).rtrim('/');
  if (!llvm::StringRef(Real).starts_with((Dir + "/").str()))
    Roots.push_back(llvm::sys::path::parent_path(Real).str());
  return Roots;
}

/// The include search of \p Input's compile command, as the pre-scan needs
/// it, read through the same translation as `cuda-lower -p`.
IncludeSearch searchOf(llvm::StringRef Input, llvm::ArrayRef<std::string> Args,
                       llvm::ArrayRef<std::string> Roots) {
  std::vector<std::string> Argv{"nvcc"};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  ParsedCompileCommand Cmd = parseCompileCommand(Argv, Input);
  IncludeSearch S;
  for (llvm::StringRef Root : Roots)
    S.Roots.push_back(Root.ends_with("/") ? Root.str() : (Root + "/").str());
  S.SystemPrefixes = systemPrefixes();
  std::vector<std::string> AfterDirs; // -idirafter: after -isystem
  const std::vector<std::string> &P = Cmd.PreprocessorArgs;
  for (size_t I = 0; I < P.size(); ++I) {
    llvm::StringRef A = P[I];
    bool HasNext = I + 1 < P.size();
    if (A.starts_with("-I"))
      S.Dirs.push_back(absolute(A.drop_front(2)));
    else if (A.starts_with("-D"))
      S.Defines.push_back(A.drop_front(2).str());
    else if (A == "-iquote" && HasNext)
      S.QuoteDirs.push_back(absolute(P[++I]));
    else if (A == "-include" && HasNext)
      S.PreIncludes.push_back(absolute(P[++I]));
    else if (A == "-isystem" && HasNext)
      S.SystemDirs.push_back(absolute(P[++I]));
    else if (A == "-idirafter" && HasNext)
      AfterDirs.push_back(absolute(P[++I]));
  }
  S.SystemDirs.insert(S.SystemDirs.end(), AfterDirs.begin(), AfterDirs.end());
  // A toolkit's include directory given by hand (CMake passes CUDA::cudart's
  // as -isystem), maybe of another toolkit than the one found above.
  for (const auto *Dirs : {&S.Dirs, &S.SystemDirs})
    for (const std::string &Dir : *Dirs) {
      llvm::SmallString<256> Runtime(Dir);
      llvm::sys::path::append(Runtime, "cuda_runtime.h");
      llvm::SmallString<256> Real;
      if (llvm::sys::fs::exists(Runtime) && !llvm::sys::fs::real_path(Dir, Real))
        S.SystemPrefixes.push_back(Real.str().str() + "/");
    }
  return S;
}

/// A one-entry compile database holding the user's command, so that the
/// engine reads it exactly as `cuda-lower -p` reads a build's.
std::shared_ptr<const clang::tooling::CompilationDatabase>
commandDatabase(llvm::StringRef Input, llvm::ArrayRef<std::string> Args,
                std::string &Error) {
  llvm::json::Array Arguments{"nvcc"};
  for (const std::string &A : Args)
    Arguments.push_back(A);
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  llvm::json::Array Db{llvm::json::Object{{"directory", Cwd.str()},
                                          {"file", absolute(Input)},
                                          {"arguments", std::move(Arguments)}}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::json::Value(std::move(Db));
  return clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Text, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
}

/// Copies every project file the engine did not write into the overlay,
/// as it is, with a `#line` that names the original (after an include
/// guard's #ifndef: withLineMarkers).
llvm::Error copyUnchanged(llvm::ArrayRef<std::string> Files,
                          llvm::StringRef OverlayRoot) {
  for (const std::string &File : Files) {
    std::string Dest = overlayPathOf(OverlayRoot, File);
    if (llvm::sys::fs::exists(Dest))
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!Buffer)
      return llvm::createStringError("cannot read " + File);
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(Dest)))
      return llvm::createStringError("cannot create a directory for " + Dest +
                                     ": " + EC.message());
    if (llvm::Error E = writeFileAtomically(
            Dest, withLineMarkers((*Buffer)->getBuffer(), {}, File)))
      return E;
  }
  return llvm::Error::success();
}

/// "1 macro", "2 macros".
std::string counted(size_t N, llvm::StringRef What) {
  return std::to_string(N) + " " + What.str() + (N == 1 ? "" : "s");
}

/// -I of the overlay's mirror of the source's directory and of every
/// include directory, ahead of the user's; the source's own directory
/// last, for a file the pre-scan could not name. With \p SystemToo (a
/// library's header lowered), -isystem of the mirrors of the -isystem
/// directories as well, ahead of the user's.
std::vector<std::string> includeArgs(llvm::StringRef Source,
                                     const IncludeSearch &Search,
                                     llvm::StringRef OverlayRoot,
                                     bool SystemToo) {
  std::vector<std::string> Args;
  llvm::StringRef SourceDir = llvm::sys::path::parent_path(Source);
  Args.push_back("-I" + overlayPathOf(OverlayRoot, SourceDir));
  for (const std::string &Dir : Search.QuoteDirs)
    Args.push_back("-I" + overlayPathOf(OverlayRoot, Dir));
  for (const std::string &Dir : Search.Dirs)
    Args.push_back("-I" + overlayPathOf(OverlayRoot, Dir));
  Args.push_back("-I" + SourceDir.str());
  if (SystemToo)
    for (const std::string &Dir : Search.SystemDirs) {
      Args.push_back("-isystem");
      Args.push_back(overlayPathOf(OverlayRoot, Dir));
    }
  return Args;
}

/// Says, once per header and contents in the user's cache (so once per
/// build, not once per file), which library headers the private copies
/// hold lowered.
std::string noteLoweredDependencies(llvm::ArrayRef<std::string> Headers) {
  std::string Dir = userCacheDirectory();
  std::vector<std::string> New;
  for (const std::string &Header : Headers) {
    auto Text = llvm::MemoryBuffer::getFile(Header);
    if (!Text)
      continue;
    llvm::SHA256 Hash;
    Hash.update(Header);
    Hash.update((*Text)->getBuffer());
    llvm::SmallString<256> Marker(Dir);
    llvm::sys::path::append(Marker, "dependency-notes",
                            llvm::toHex(Hash.final(), true).substr(0, 32));
    if (Dir.empty() || !llvm::sys::fs::exists(Marker)) {
      New.push_back(Header);
      if (!Dir.empty() && !llvm::sys::fs::create_directories(
                              llvm::sys::path::parent_path(Marker)))
        // A marker not written only repeats the note in the next build.
        llvm::consumeError(writeFileAtomically(Marker, Header));
    }
  }
  if (New.empty())
    return "";
  std::string Note = "cuda-lower-nvcc: note: lowered " +
                     counted(New.size(), "header") +
                     " of libraries outside the project into its private "
                     "copies (the libraries are untouched):";
  for (const std::string &H : New)
    Note += " " + H;
  return Note + "\n";
}


/// Which passes the lowering parses, and why, for the verbose note.
std::string passesParsed(const PreScanResult &Scan, bool Verify) {
  if (Verify)
    return "both passes (--cuda-lower-verify)";
  if (Scan.NeedsBothPasses)
    return "both passes (" + Scan.BothPassesReason + ")";
  return "the device pass alone";
}

/// An exclusive lock on \p PrivateDir, held until destroyed; none if the
/// directory cannot be made. sccache runs two dry runs of one compile at
/// once: the second then finds the first's stamp instead of lowering again
/// into the same directory.
class PrivateDirLock {
public:
  explicit PrivateDirLock(llvm::StringRef PrivateDir) {
    if (llvm::sys::fs::create_directories(PrivateDir))
      return;
    llvm::SmallString<256> Path(PrivateDir);
    llvm::sys::path::append(Path, "lock");
    if (llvm::sys::fs::openFileForWrite(Path, FD,
                                        llvm::sys::fs::CD_OpenAlways))
      return;
    if (llvm::sys::fs::lockFile(FD)) {
      llvm::sys::Process::SafelyCloseFileDescriptor(FD);
      FD = -1;
    }
  }
  ~PrivateDirLock() {
    if (FD == -1)
      return;
    llvm::sys::fs::unlockFile(FD);
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  PrivateDirLock(const PrivateDirLock &) = delete;
  PrivateDirLock &operator=(const PrivateDirLock &) = delete;

private:
  int FD = -1;
};

} // namespace

std::string privateDirFor(llvm::StringRef Input, const NvccRequest &Req) {
  llvm::SmallString<256> Object;
  if (!Req.OutputFile.empty() && Req.CudaInputs.size() == 1) {
    Object = Req.OutputFile;
  } else {
    Object = Req.OutputDir;
    llvm::sys::path::append(Object, llvm::sys::path::filename(Input));
    llvm::sys::path::replace_extension(Object, "o");
  }
  return absolute(Object) + ".cuda-lower";
}

LoweredInput lowerInput(llvm::StringRef Input, llvm::ArrayRef<std::string> Args,
                        llvm::StringRef PrivateDir, const WrapperOptions &Opts,
                        llvm::StringRef Tool) {
  LoweredInput Out;
  Out.Compile = Input.str();
  auto Fail = [&](llvm::Twine Why) {
    Out.Result = LoweredInput::Failed;
    Out.Why = Why.str();
    return Out;
  };
  auto FS = llvm::vfs::getRealFileSystem();
  auto Roots = projectRootsOf(Input, Opts, *FS);
  if (!Roots)
    return Fail(llvm::toString(Roots.takeError()));
  IncludeSearch Search = searchOf(Input, Args, *Roots);
  auto ScanStart = std::chrono::steady_clock::now();
  PreScanResult Scan = preScan(absolute(Input), Search);
  if (!Scan.MayNeedLowering) {
    if (Opts.Verbose) {
      std::chrono::duration<double, std::milli> Took =
          std::chrono::steady_clock::now() - ScanStart;
      Out.Diagnostics =
          "cuda-lower-nvcc: note: not lowering " + Input.str() +
          ": the pre-scan found nothing to lower (" +
          counted(Scan.ProjectFiles.size(), "project file") + ", " +
          counted(Scan.OtherHeaders.size(), "other header") + ", " +
          counted(Scan.MacrosRead, "macro") + ", " +
          llvm::formatv("{0:f1}", Took.count()).str() + " ms)\n";
    }
    return Out;
  }
  // nvcc compiles what is written: that is the wrapper's check, and the
  // device pass alone sees all the rules would edit unless the project's
  // code can read differently on the host side.
  bool BothPasses = Scan.NeedsBothPasses || Opts.Verify;
  if (Opts.Verbose)
    Out.Diagnostics =
        "cuda-lower-nvcc: note: lowering " + Input.str() + " (" +
        Scan.Reason + "); " + passesParsed(Scan, Opts.Verify) + "\n";

  Out.OverlayRoot = overlayPathOf(PrivateDir, "root");
  auto Lowered = [&] {
    Out.Result = LoweredInput::Lowered;
    Out.Compile = overlayPathOf(Out.OverlayRoot, Scan.ProjectFiles.front());
    Out.IncludeArgs =
        includeArgs(Scan.ProjectFiles.front(), Search, Out.OverlayRoot,
                    !Scan.DependencyLambdaHeaders.empty());
    return Out;
  };
  // A computed include may reach files the key would not cover.
  bool Cacheable = !Opts.Verify && Scan.FoundAllFiles;
  PrivateDirLock Lock(PrivateDir);
  // The other headers' macros shape the lowering too (a lambda's
  // annotation spelled by one).
  std::vector<std::string> KeyFiles = Scan.ProjectFiles;
  KeyFiles.insert(KeyFiles.end(), Scan.OtherHeaders.begin(),
                  Scan.OtherHeaders.end());
  std::string Key = loweringKey(Tool, Args, KeyFiles);
  if (Cacheable && !Opts.Verbose) {
    if (auto Cached = readLoweringStamp(PrivateDir, Key)) {
      if (*Cached == CachedLowering::Unchanged)
        return Out;
      if (llvm::sys::fs::exists(Out.Compile = overlayPathOf(
              Out.OverlayRoot, Scan.ProjectFiles.front())))
        return Lowered();
      Out.Compile = Input.str();
    }
  }
  removeLoweringStamp(PrivateDir);
  // What an earlier build left must not shadow a file that no longer needs
  // edits; this directory belongs to this object alone.
  llvm::sys::fs::remove_directories(Out.OverlayRoot);
  if (std::error_code EC = llvm::sys::fs::create_directories(PrivateDir))
    return Fail("cannot create " + PrivateDir + ": " + EC.message());
  std::string DbError;
  ToolOptions T;
  T.Database = commandDatabase(Input, Args, DbError);
  if (!T.Database)
    return Fail("cannot read the nvcc command: " + DbError);
  T.DatabaseName = "the nvcc command";
  T.Sources = {absolute(Input)};
  T.InRoot = Roots->front();
  T.MoreRoots.assign(Roots->begin() + 1, Roots->end());
  T.Mode = OutputMode::Overlay;
  T.OverlayDir = Out.OverlayRoot;
  T.LineMarkers = true;
  T.Verify = Opts.Verify;
  T.Passes = BothPasses ? PassSelection::Both : PassSelection::DeviceOnly;
  T.DependencyHeaders = Scan.DependencyLambdaHeaders;
  T.Quiet = true;
  std::string Diags;
  llvm::raw_string_ostream Err(Diags);
  int Code = runTool(T, llvm::nulls(), Err);
  Out.Diagnostics += Diags;
  if (Code != Success)
    return Fail(Code == RewritesNeeded
                    ? "the lowering is incomplete (run cuda-lower on it, or "
                      "see --cuda-lower-verbose)"
                    : "cuda-lower could not lower it (exit code " +
                          std::to_string(Code) + ")");
  if (!llvm::sys::fs::exists(Out.OverlayRoot)) {
    // The rules found nothing to edit.
    if (Cacheable)
      writeLoweringStamp(PrivateDir, Key, CachedLowering::Unchanged);
    return Out;
  }
  if (llvm::Error E = copyUnchanged(Scan.ProjectFiles, Out.OverlayRoot))
    return Fail(llvm::toString(std::move(E)));
  // A library's unchanged headers must include the lowered copy of their
  // neighbour, not the original: the library moves into the copy whole.
  if (!Scan.DependencyLambdaHeaders.empty()) {
    if (llvm::Error E = copyUnchanged(Scan.OtherHeaders, Out.OverlayRoot))
      return Fail(llvm::toString(std::move(E)));
    Out.Notes = noteLoweredDependencies(Scan.DependencyLambdaHeaders);
  }
  if (Cacheable)
    writeLoweringStamp(PrivateDir, Key, CachedLowering::Lowered);
  return Lowered();
}

void rewriteDepFile(llvm::StringRef DepFile, llvm::StringRef OverlayRoot) {
  auto Buffer = llvm::MemoryBuffer::getFile(DepFile, /*IsText=*/true);
  if (!Buffer)
    return;
  std::string Text = (*Buffer)->getBuffer().str();
  std::string Escaped; // make escapes a space in a path with a backslash
  for (char C : OverlayRoot) {
    if (C == ' ')
      Escaped += '\\';
    Escaped += C;
  }
  for (const std::string &Prefix : {OverlayRoot.str(), Escaped}) {
    for (size_t Pos = Text.find(Prefix + "/"); Pos != std::string::npos;
         Pos = Text.find(Prefix + "/", Pos))
      Text.erase(Pos, Prefix.size());
  }
  llvm::consumeError(writeFileAtomically(DepFile, Text));
}

std::string toNvccFormat(llvm::StringRef ClangDiagnostics) {
  // "fatal error" too: a header the parse cannot find is the reason a
  // source did not parse, and the build must show it.
  static const llvm::Regex Diag(
      "^(.*):([0-9]+):[0-9]+: (warning|error|fatal error|note): (.*)$");
  static const llvm::Regex WholeFile("^([^ :]+): (warning|error): (.*)$");
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  ClangDiagnostics.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    llvm::SmallVector<llvm::StringRef, 5> M;
    if (Diag.match(Line, &M))
      Out += (M[1] + "(" + M[2] + "): " + M[3] + ": " + M[4] + "\n").str();
    else if (WholeFile.match(Line, &M)) // an internal error names no line
      Out += (M[1] + ": " + M[2] + ": " + M[3] + "\n").str();
    else if (Line.consume_front("cuda-lower: "))
      Out += ("cuda-lower-nvcc: " + Line + "\n").str();
    else if (Line.starts_with("cuda-lower-nvcc: "))
      Out += (Line + "\n").str();
  }
  return Out;
}

} // namespace cudalower
