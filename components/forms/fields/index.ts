export { CheckboxField, YesNoField } from './choice-fields';
export type { CheckboxFieldProps, YesNoFieldProps } from './choice-fields';
export { EinField, IdentifierField, SsnField, TinField } from './identifier-field';
export type { IdentifierFieldProps } from './identifier-field';
export {
  AccountNumberField,
  CardNumberField,
  CvvField,
  DateField,
  ExpiryField,
  MoneyField,
  PercentField,
  PhoneField,
  RoutingNumberField,
  SharesField,
  TwoDigitField,
  ZipField,
} from './masked-fields';
export type { MaskedFieldProps } from './masked-fields';
export { SelectField } from './select-field';
export type { SelectFieldProps } from './select-field';
export { NameField, StreetField, TextAreaField, TextField } from './text-field';
export type { FilteredTextFieldProps, TextAreaFieldProps, TextFieldProps } from './text-field';
export type { KitFieldProps } from './use-form-field';
