export { MemberReviewButton } from './components/member-review-button';
