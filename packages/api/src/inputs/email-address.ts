/**
 * Spec §5: a local part of letters, digits and + . _ -, then @, a domain, and a top-level domain of 2 to
 * 10 letters.
 */
export const EMAIL_ADDRESS_PATTERN = /^[A-Za-z0-9+._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,10}$/;
