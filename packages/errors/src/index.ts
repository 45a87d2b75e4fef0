export { CodedError } from './coded-error';
