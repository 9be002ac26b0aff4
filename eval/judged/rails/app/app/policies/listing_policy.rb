class ListingPolicy < ApplicationPolicy
  def update? = owner?
  def destroy? = owner? && !record.sold?
  def publish? = owner? && record.draft?

  private

  def owner?
    user.present? && record.seller_id == user.id
  end
end
