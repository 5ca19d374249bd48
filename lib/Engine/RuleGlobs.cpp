//===--- RuleGlobs.cpp - Rule names matched as clang-tidy globs -----------===//

#include "Engine/RuleGlobs.h"
#include "llvm/ADT/SmallVector.h"

namespace cudalower {

llvm::Expected<RuleGlobs> RuleGlobs::parse(llvm::StringRef List) {
  RuleGlobs Out;
  llvm::SmallVector<llvm::StringRef, 8> Items;
  List.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    bool Positive = !Item.consume_front("-");
    // Only `*` is special, as in clang-tidy: brackets and braces in a rule
    // name mean themselves.
    std::string Escaped;
    for (char C : Item.trim()) {
      if (C == '?' || C == '[' || C == ']' || C == '{' || C == '}' ||
          C == '\\')
        Escaped += '\\';
      Escaped += C;
    }
    auto Text = std::make_shared<const std::string>(std::move(Escaped));
    auto Pattern = llvm::GlobPattern::create(*Text);
    if (!Pattern)
      return llvm::createStringError("bad rule glob '" + Item.str() +
                                     "': " + toString(Pattern.takeError()));
    Out.Globs.push_back({Positive, std::move(Text), std::move(*Pattern)});
  }
  return Out;
}

bool RuleGlobs::contains(llvm::StringRef Rule) const {
  for (auto It = Globs.rbegin(); It != Globs.rend(); ++It)
    if (It->Pattern.match(Rule))
      return It->Positive;
  return false;
}

} // namespace cudalower
