//===--- DependentNames.cpp - Dependent names nvcc finds alone ------------===//

#include "Nvcc/DependentNames.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalower {

/// The name spelled at \p Loc, as far as its template argument list:
/// `view`, `operator()`; "" if no identifier starts there.
static std::string templateNameAt(FullSourceLoc Loc) {
  bool Invalid = false;
  const char *Data = Loc.getCharacterData(&Invalid);
  if (Invalid || !Data || !isAsciiIdentifierStart(*Data))
    return "";
  llvm::StringRef Rest(Data);
  llvm::StringRef Name =
      Rest.take_while([](char C) { return isAsciiIdentifierContinue(C); });
  if (Name != "operator")
    return Name.str();
  // An operator's name runs to its argument list: `operator()`.
  llvm::StringRef Operator = Rest.take_until([](char C) {
    return C == '<' || C == '\n' || C == ';';
  });
  return Operator.size() <= 16 ? Operator.rtrim().str() : Name.str();
}

/// Where Clang wants \p Keyword for \p Error: its fix-it's insertion point
/// if Sema gave one, else the name the error is reported at.
static FullSourceLoc insertionPoint(const StoredDiagnostic &Error,
                                    llvm::StringRef Keyword) {
  FullSourceLoc Loc = Error.getLocation();
  for (const FixItHint &Hint : Error.getFixIts())
    if (llvm::StringRef(Hint.CodeToInsert).trim() == Keyword &&
        Hint.RemoveRange.getBegin() == Hint.RemoveRange.getEnd())
      return FullSourceLoc(Hint.RemoveRange.getBegin(), Loc.getManager());
  return Loc;
}

/// True if \p Loc starts `operator()<` or `name<` right after `.` or `->`:
/// an explicit call of a member template (`f.operator()<2>(x)`,
/// `ref.retrieve<128>(g, ...)`), whatever Clang made of it.
static bool isMemberTemplateCall(FullSourceLoc Loc) {
  const SourceManager &SM = Loc.getManager();
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buffer = SM.getBufferData(FID);
  llvm::StringRef Before = Buffer.take_front(Offset).rtrim();
  llvm::StringRef After = Buffer.drop_front(Offset);
  if (!Before.ends_with(".") && !Before.ends_with("->"))
    return false;
  std::vector<llvm::StringRef> Tokens = {"operator", "(", ")", "<"};
  if (!After.starts_with("operator")) {
    llvm::StringRef Name = After.take_while(
        [](char C) { return isAsciiIdentifierContinue(C); });
    if (Name.empty() || !isAsciiIdentifierStart(Name.front()))
      return false;
    Tokens = {Name, "<"};
  }
  for (llvm::StringRef Token : Tokens) {
    if (!After.consume_front(Token))
      return false;
    After = After.ltrim();
  }
  return true;
}

std::optional<ParseFixSite>
templateKeywordFix(const StoredDiagnostic &Error) {
  // `typename T::view<>`, `T::f<int>()`: Sema's error carries the fix-it.
  // `f.operator()<2>(x)`: Clang parses it, then fails on instantiation
  // without one; `obj.get<0>()` likewise (nvcc rejects that one too). As
  // the right operand of a binary operator, or as `ref.retrieve<N>(g, i)`
  // with more than one argument (nvcc accepts it: cuCollections), Clang
  // reads `g.operator()` or `ref.retrieve` as a member function compared
  // with `<`, and instantiating it fails with
  // another error, at the same place.
  unsigned ID = Error.getID();
  bool OperatorCall = ID == diag::err_bound_member_function;
  if (ID != diag::err_missing_dependent_template_keyword &&
      ID != diag::err_template_kw_missing && !OperatorCall)
    return std::nullopt;
  FullSourceLoc Loc = insertionPoint(Error, "template");
  if (!Loc.isValid())
    return std::nullopt;
  const SourceManager &SM = Loc.getManager();
  // Where the name is written: in a macro's definition, `template` is
  // valid in every expansion, dependent or not (C++11 [temp.names]p5).
  FullSourceLoc Spelled(SM.getSpellingLoc(Loc), SM);
  if (!Spelled.isFileID() || SM.isWrittenInScratchSpace(Spelled) ||
      (OperatorCall && !isMemberTemplateCall(Spelled)))
    return std::nullopt;
  std::string Name = templateNameAt(Spelled);
  if (Name.empty())
    return std::nullopt;
  return ParseFixSite{Spelled, "template ", std::move(Name),
                      ParseFixKind::TemplateKeyword};
}

/// The qualified name written at \p Loc (`R::storage`, `::ns::T`); "" if
/// none starts there.
static llvm::StringRef qualifiedNameAt(FullSourceLoc Loc) {
  bool Invalid = false;
  const char *Data = Loc.getCharacterData(&Invalid);
  if (Invalid || !Data)
    return "";
  llvm::StringRef Name = llvm::StringRef(Data).take_while(
      [](char C) { return C == ':' || isAsciiIdentifierContinue(C); });
  return Name.contains("::") ? Name : "";
}

std::optional<ParseFixSite>
typenameKeywordFix(const StoredDiagnostic &Error) {
  if (Error.getID() != diag::err_typename_missing)
    return std::nullopt;
  // Sema gives a fix-it when it reads the template; on instantiation it
  // reports the error at the start of the name, without one.
  FullSourceLoc Loc = insertionPoint(Error, "typename");
  if (!Loc.isValid())
    return std::nullopt;
  const SourceManager &SM = Loc.getManager();
  FullSourceLoc Spelled(SM.getSpellingLoc(Loc), SM);
  if (!Spelled.isFileID() || SM.isWrittenInScratchSpace(Spelled))
    return std::nullopt;
  // The message names the type as instantiated ("... dependent type name
  // 'r::storage' (aka 'x')"): its last part must end the name written
  // there.
  llvm::StringRef Named = Error.getMessage();
  llvm::StringRef Lead = "type name '";
  Named = Named.drop_front(std::min(Named.size(), Named.find(Lead) + Lead.size()));
  Named = Named.take_until([](char C) { return C == '\''; });
  llvm::StringRef Last = Named.rsplit("::").second;
  llvm::StringRef Written = qualifiedNameAt(Spelled);
  if (Last.empty() || !Written.ends_with(("::" + Last).str()))
    return std::nullopt;
  return ParseFixSite{Spelled, "typename ", Written.str(),
                      ParseFixKind::TypenameKeyword};
}

std::optional<ParseFixSite>
dependentBaseMemberFix(const StoredDiagnostic &Error) {
  if (Error.getID() != diag::err_found_in_dependent_base)
    return std::nullopt;
  FullSourceLoc Loc = Error.getLocation();
  if (!Loc.isValid() || !Loc.isFileID())
    return std::nullopt;
  // The name written there must be the member the message names.
  std::string Name = templateNameAt(Loc);
  if (Name.empty() ||
      !Error.getMessage().contains("member '" + Name + "' from"))
    return std::nullopt;
  return ParseFixSite{Loc, "this->", std::move(Name),
                      ParseFixKind::DependentBaseMember};
}

// EDG (nvcc's front end) looks a dependent name up when the template is
// instantiated; Clang needs `template` to parse `<` as a template list.
std::string templateKeywordHint(llvm::ArrayRef<StoredDiagnostic> Held,
                                const ErrorContext &) {
  unsigned ID = Held.front().getID();
  if (ID != diag::err_missing_dependent_template_keyword &&
      ID != diag::err_template_kw_missing)
    return "";
  return "nvcc accepts a dependent member template named without "
         "'template'; Clang does not: write 'template' before the name, "
         "which both compilers accept";
}

std::string typenameKeywordHint(llvm::ArrayRef<StoredDiagnostic> Held,
                                const ErrorContext &) {
  if (Held.front().getID() != diag::err_typename_missing)
    return "";
  return "nvcc accepts a dependent type named without 'typename'; Clang "
         "does not: write 'typename' before the name, which both "
         "compilers accept";
}

std::string dependentBaseMemberHint(llvm::ArrayRef<StoredDiagnostic> Held,
                                    const ErrorContext &) {
  if (Held.front().getID() != diag::err_found_in_dependent_base)
    return "";
  return "nvcc accepts a member of a dependent base class named without "
         "'this->'; Clang does not: write 'this->' before the name, which "
         "both compilers accept";
}

} // namespace cudalower
