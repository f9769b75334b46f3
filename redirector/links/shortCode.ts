/** The short-code rules live in the contract, so the browser applies the very same ones. */
export {
  isReservedShortCode,
  RANDOM_SHORT_CODE_LENGTH,
  RESERVED_SHORT_CODES,
  randomShortCode,
  SHORT_CODE_MAX_LENGTH,
  shortCodeProblem,
} from '../contract/shortCode';
