/**
 * The chat's 120 emoji codes, 100 to 219 (spec 2.6). The product drew them from its own image
 * files; ours are Unicode characters (code N is EMOJI[N - 100]), so a message stays plain text
 * that every client and the history search can read.
 */
export const EMOJI: readonly string[] = [...(
  '😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🥳' +
  '😏😒😞😔😟😕🙁😣😖😫😩🥺😢😭😤😠😡🤬🤯😳🥵🥶😱😨😰😥😓🤗🤔🤭' +
  '🤫🤥😶😐😑😬🙄😯😦😧😮😲🥱😴🤤😪😵🤐🥴🤢🤮🤧😷🤒🤕🤑🤠😈👍👎' +
  '👏🙌👐🤝🙏💪👌✌🤞👋🎉🎁🌹🌸☕🍵🍺🍉🔥⭐💯💰📦🚚✅❌❓❗💡⏰'
)];

export const EMOJI_FIRST_CODE = 100;
export const emojiOf = (code: number) => EMOJI[code - EMOJI_FIRST_CODE] ?? '';
