export { MemberReviewButton } from './components/member-review-button';
export { ReviewList } from './components/review-list';
