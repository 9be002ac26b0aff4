class OffersController < ApplicationController
  def create
    listing = Listing.find(params[:listing_id])
    @offer = listing.offers.build(offer_params.merge(buyer: current_user))
    if @offer.save
      OfferNotificationJob.perform_later(@offer.id)
      render turbo_stream: turbo_stream.append("offers", @offer)
    else
      render :new, status: :unprocessable_entity
    end
  end

  private

  def offer_params
    params.require(:offer).permit(:amount_cents, :message)
  end
end
