class OfferNotificationJob < ApplicationJob
  queue_as :default

  def perform(offer_id)
    offer = Offer.includes(listing: :seller).find(offer_id)
    Turbo::StreamsChannel.broadcast_append_to(
      [offer.listing.seller, :notifications],
      target: "notifications",
      partial: "notifications/offer",
      locals: { offer: offer }
    )
  end
end
