//===--- IncludeInserter.cpp - Add #include lines unless present ----------===//

#include "Editing/IncludeInserter.h"

namespace cudalower {

std::optional<IncludeInserter::Insertion>
IncludeInserter::insertion(clang::FileID File, llvm::StringRef Header,
                           llvm::StringRef Comment) {
  FileState &State = Files[File];
  llvm::StringRef Text = SM.getBufferData(File);
  auto [Known, New] = State.Includes.try_emplace(Header, false);
  if (New)
    Known->second = includesHeader(Text, Header);
  if (Known->second)
    return std::nullopt;
  if (!State.Site)
    State.Site = findIncludeSite(Text);
  return Insertion{SM.getComposedLoc(File, State.Site->Offset),
                   includeLine(*State.Site, Header, Comment)};
}

} // namespace cudalower
