export {
  AcademicEmailConfirmationError,
  InvalidAcademicEmailError,
} from '../../errors/academic-email-errors';
